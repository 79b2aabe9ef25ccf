/**
 * The signed-in app's keyboard shortcuts: one key listener on the window, the help dialog it
 * opens, and a registry through which a page says what a shortcut does there (the chat starts
 * its own new conversation and focuses its own search). Without a page's handler, "new chat"
 * goes to the agent picker and "search" is left to the browser.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { shortcutToRun, type FocusPlace, type ShortcutId } from "./shortcut-keys";
import { ShortcutsHelpDialog, SHORTCUTS_DIALOG_ID } from "./shortcuts-help-dialog";

type Handler = () => void;

interface ShortcutRegistry {
  register: (id: ShortcutId, handler: Handler) => () => void;
  showHelp: () => void;
}

const ShortcutContext = createContext<ShortcutRegistry | null>(null);

function focusPlace(): FocusPlace {
  const active = document.activeElement;
  const typing =
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement ||
    (active instanceof HTMLInputElement &&
      !/^(button|checkbox|radio|submit|reset|range|color|file)$/.test(active.type)) ||
    (active instanceof HTMLElement && active.isContentEditable);
  const dialogs = document.querySelectorAll(
    `[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]`,
  );
  return {
    typing,
    shortcutField: Boolean(active?.closest("[data-shortcut-field]")),
    otherModalOpen: [...dialogs].some((dialog) => dialog.id !== SHORTCUTS_DIALOG_ID),
  };
}

export function KeyboardShortcuts({ children }: { children: ReactNode }) {
  const [helpOpen, setHelpOpen] = useState(false);
  const [, navigate] = useLocation();
  const handlers = useRef(new Map<ShortcutId, Handler>());

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const id = shortcutToRun(event, focusPlace());
      if (!id) return;
      const handler =
        id === "help"
          ? () => setHelpOpen((open) => !open)
          : (handlers.current.get(id) ?? (id === "new-chat" ? () => navigate("/chat") : undefined));
      if (!handler) return;
      // Ctrl+K and Ctrl+Shift+O are the browser's too (address bar, bookmarks): ours wins on the page.
      event.preventDefault();
      handler();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [navigate]);

  const register = useCallback((id: ShortcutId, handler: Handler) => {
    handlers.current.set(id, handler);
    return () => {
      if (handlers.current.get(id) === handler) handlers.current.delete(id);
    };
  }, []);
  const registry = useMemo(() => ({ register, showHelp: () => setHelpOpen(true) }), [register]);

  return (
    <ShortcutContext.Provider value={registry}>
      {children}
      <ShortcutsHelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </ShortcutContext.Provider>
  );
}

/** Makes a shortcut do `handler` while the calling component is on the page. */
export function useShortcut(id: ShortcutId, handler: Handler) {
  const registry = useContext(ShortcutContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => registry?.register(id, () => latest.current()), [registry, id]);
}

/** Opens the shortcuts dialog from a button (the sidebar's "Keyboard shortcuts"). */
export function useShowShortcuts(): () => void {
  const registry = useContext(ShortcutContext);
  return registry?.showHelp ?? (() => undefined);
}
