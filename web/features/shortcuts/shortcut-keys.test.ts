import { describe, expect, it } from "vitest";
import { shortcutNamed, shortcutToRun, type FocusPlace, type KeyPress } from "./shortcut-keys";

function press(key: string, code: string, modifiers: Partial<KeyPress> = {}): KeyPress {
  return {
    key,
    code,
    ctrlKey: true,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    repeat: false,
    isComposing: false,
    ...modifiers,
  };
}

const onPage: FocusPlace = { typing: false, shortcutField: false, otherModalOpen: false };
const inMessageBox: FocusPlace = { typing: true, shortcutField: true, otherModalOpen: false };
const inRenameField: FocusPlace = { typing: true, shortcutField: false, otherModalOpen: false };
const behindDialog: FocusPlace = { typing: false, shortcutField: false, otherModalOpen: true };

describe("shortcutNamed", () => {
  it("reads Ctrl+Shift+O as a new chat, Ctrl+K as search and Ctrl+/ as help", () => {
    expect(shortcutNamed(press("O", "KeyO", { shiftKey: true }))).toBe("new-chat");
    expect(shortcutNamed(press("k", "KeyK"))).toBe("search");
    expect(shortcutNamed(press("/", "Slash"))).toBe("help");
  });

  it("takes Command in place of Ctrl on a Mac", () => {
    expect(shortcutNamed(press("k", "KeyK", { ctrlKey: false, metaKey: true }))).toBe("search");
  });

  it("knows the keys by position on layouts where the letter differs", () => {
    expect(shortcutNamed(press("л", "KeyK"))).toBe("search");
    expect(shortcutNamed(press("/", "Digit7", { shiftKey: true }))).toBe("help");
  });

  it("ignores plain letters, Ctrl+Alt (AltGr) and Ctrl+O without Shift", () => {
    expect(shortcutNamed(press("k", "KeyK", { ctrlKey: false }))).toBeNull();
    expect(shortcutNamed(press("k", "KeyK", { altKey: true }))).toBeNull();
    expect(shortcutNamed(press("o", "KeyO"))).toBeNull();
    expect(shortcutNamed(press("K", "KeyK", { shiftKey: true }))).toBeNull();
  });
});

describe("shortcutToRun", () => {
  it("runs every shortcut when focus is on the page", () => {
    expect(shortcutToRun(press("O", "KeyO", { shiftKey: true }), onPage)).toBe("new-chat");
    expect(shortcutToRun(press("k", "KeyK"), onPage)).toBe("search");
  });

  it("runs new chat and search from the message box, as ChatGPT does", () => {
    expect(shortcutToRun(press("O", "KeyO", { shiftKey: true }), inMessageBox)).toBe("new-chat");
    expect(shortcutToRun(press("k", "KeyK"), inMessageBox)).toBe("search");
  });

  it("does not start a new chat from a rename field or a form, but still shows the help", () => {
    expect(shortcutToRun(press("O", "KeyO", { shiftKey: true }), inRenameField)).toBeNull();
    expect(shortcutToRun(press("k", "KeyK"), inRenameField)).toBeNull();
    expect(shortcutToRun(press("/", "Slash"), inRenameField)).toBe("help");
  });

  it("does nothing behind another dialog, while an input method composes, or on a held key", () => {
    expect(shortcutToRun(press("/", "Slash"), behindDialog)).toBeNull();
    expect(shortcutToRun(press("k", "KeyK", { isComposing: true }), onPage)).toBeNull();
    expect(shortcutToRun(press("k", "KeyK", { repeat: true }), onPage)).toBeNull();
  });
});
