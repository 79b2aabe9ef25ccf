/**
 * The app's keyboard shortcuts as data, and the pure rule deciding whether a key press runs
 * one. ChatGPT taught people Ctrl+Shift+O (new chat), Ctrl+K (search) and Ctrl+/ (the list of
 * shortcuts); on a Mac the Command key does the same. Kept free of React and the DOM so the
 * rule is unit-tested key by key (shortcut-keys.test.ts).
 */

export type ShortcutId = "new-chat" | "search" | "help";

export interface Shortcut {
  id: ShortcutId;
  /** Key caps as shown in the help dialog, the modifier first. */
  keys: readonly string[];
  description: string;
  /** Where the shortcut does something, when that is not everywhere. */
  where?: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { id: "new-chat", keys: ["Ctrl", "Shift", "O"], description: "Start a new chat" },
  { id: "search", keys: ["Ctrl", "K"], description: "Search conversations", where: "in a chat" },
  { id: "help", keys: ["Ctrl", "/"], description: "Show keyboard shortcuts" },
];

/** Marks a text field in which new chat and search still run (the message box, the search box). */
export const SHORTCUT_FIELD = { "data-shortcut-field": "" } as const;

/** What the rule needs from a KeyboardEvent (a plain object in tests). */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  repeat: boolean;
  isComposing: boolean;
}

/** Where focus is when the key is pressed. */
export interface FocusPlace {
  /** Focus is in a text field, a select or an editable region. */
  typing: boolean;
  /** That field is one of the chat's own (message box, conversation search), marked to let shortcuts through. */
  shortcutField: boolean;
  /** A modal dialog other than the shortcuts dialog is open. */
  otherModalOpen: boolean;
}

/** The shortcut a key press names, if any; layout-independent through `code` as well as `key`. */
export function shortcutNamed(press: KeyPress): ShortcutId | null {
  // Exactly one of Ctrl / Command, and never AltGr (Ctrl+Alt on Windows types characters).
  if (press.ctrlKey === press.metaKey || press.altKey) return null;
  const key = press.key.toLowerCase();
  if (press.shiftKey && (key === "o" || press.code === "KeyO")) return "new-chat";
  if (!press.shiftKey && (key === "k" || press.code === "KeyK")) return "search";
  // Some layouts (German, French) need Shift to type "/", so Shift is allowed here.
  if (key === "/" || press.code === "Slash") return "help";
  return null;
}

/**
 * Whether a shortcut runs. Never while an input method is composing a character or a key is
 * held down, never behind another dialog (it would act on the page beneath it). In a text
 * field only the help runs — except in the chat's own fields, where starting a new chat or
 * jumping to search from the message box is the point (as in ChatGPT); in a rename field or a
 * form, Ctrl+Shift+O would throw away what was being typed.
 */
export function shortcutToRun(press: KeyPress, place: FocusPlace): ShortcutId | null {
  if (press.isComposing || press.repeat) return null;
  const id = shortcutNamed(press);
  if (!id || place.otherModalOpen) return null;
  if (id === "help" || !place.typing || place.shortcutField) return id;
  return null;
}
