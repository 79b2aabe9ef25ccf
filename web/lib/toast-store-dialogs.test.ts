// @vitest-environment jsdom
import { afterEach, expect, it } from "vitest";
import { currentToasts, dismissToast, toast } from "./toast-store";

const openTitles = () =>
  currentToasts()
    .filter((t) => t.open)
    .map((t) => t.title);

afterEach(() => {
  document.body.replaceChildren();
  for (const t of currentToasts()) dismissToast(t.id);
});

/** A dialog as Radix renders its content while open. */
function openDialog(role: "dialog" | "alertdialog"): HTMLElement {
  const dialog = document.createElement("div");
  dialog.setAttribute("role", role);
  dialog.dataset.state = "open";
  document.body.append(dialog);
  return dialog;
}

it("keeps a background notice out while a dialog is open, so Escape still closes the dialog", () => {
  const dialog = openDialog("dialog");
  toast({ title: "New Sign-up", ambient: true });
  expect(openTitles()).toEqual([]);

  dialog.dataset.state = "closed";
  toast({ title: "New Sign-up", ambient: true });
  expect(openTitles()).toEqual(["New Sign-up"]);
});

it("keeps it out of an open confirmation too, but lets the answer to the person's own action show", () => {
  openDialog("alertdialog");
  toast({ title: "New Sign-up", ambient: true });
  expect(openTitles()).toEqual([]);
  toast({ title: "Password Reset" });
  expect(openTitles()).toEqual(["Password Reset"]);
});
