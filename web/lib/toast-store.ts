/**
 * The toast queue (spec section 9): one toast at a time; a dismissed toast is removed from
 * the store after 1,000,000 ms (Radix has already animated it out by then).
 */
import { useSyncExternalStore } from "react";

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastItem {
  id: string;
  title?: string;
  description?: string;
  variant?: "default" | "destructive";
  /** A background notice (e.g. a live sign-up): shown only when no other toast and no dialog is showing. */
  ambient?: boolean;
  open: boolean;
}

let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let nextId = 0;

function emit(next: ToastItem[]) {
  toasts = next;
  for (const l of listeners) l();
}

export function toast(input: Omit<ToastItem, "id" | "open">): { id: string; dismiss: () => void } {
  nextId += 1;
  const id = String(nextId);
  // Only one toast shows at a time (spec), so a background notice never pushes aside one that
  // matters (a critical error, the answer to the user's own action); the screen still updates.
  // Nor does one interrupt an open dialog: the toast would be the top layer, and the Escape that
  // person presses to close their dialog would dismiss the notice instead (Radix closes the top
  // layer first), leaving the dialog open.
  if (input.ambient && (toasts.some((t) => t.open) || aDialogIsOpen())) return { id, dismiss: () => undefined };
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Any open dialog or alert dialog on the page (Radix marks its content `data-state="open"`). */
function aDialogIsOpen(): boolean {
  if (typeof document === "undefined") return false;
  return document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !== null;
}

export function dismissToast(id: string) {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (!removeTimers.has(id)) {
    removeTimers.set(
      id,
      setTimeout(() => {
        removeTimers.delete(id);
        emit(toasts.filter((t) => t.id !== id));
      }, TOAST_REMOVE_DELAY),
    );
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): ToastItem[] {
  return toasts;
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, currentToasts);
}
