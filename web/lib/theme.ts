/**
 * Light and dark: the system's setting by default (the CSS follows prefers-color-scheme by
 * itself, web/dark-palette.css), or the person's own choice, remembered per browser and applied
 * as `data-theme` on <html> before the app first renders (main.tsx).
 */
import { useSyncExternalStore } from "react";

export type ThemeChoice = "system" | "light" | "dark";
export const THEME_CHOICES: ThemeChoice[] = ["system", "light", "dark"];
const STORAGE_KEY = "agentdesk.theme";

export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return value === "light" || value === "dark" ? value : "system";
}

function storedChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(STORAGE_KEY));
  } catch {
    // Storage refused (private mode, a sandboxed frame): the system decides.
    return "system";
  }
}

/** Puts the choice on <html>: "system" removes the attribute so the media query decides. */
export function applyTheme(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === "system") delete root.dataset.theme;
  else root.dataset.theme = choice;
}

const listeners = new Set<() => void>();

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === "system") localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Not remembered, still applied for this visit.
  }
  applyTheme(choice);
  for (const listener of listeners) listener();
}

/** Applies the remembered choice; called once before the first render. */
export function applyStoredTheme(): void {
  applyTheme(storedChoice());
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => parseThemeChoice(document.documentElement.dataset.theme),
    () => "system",
  );
}
