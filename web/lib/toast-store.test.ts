import { expect, it } from "vitest";
import { currentToasts, dismissToast, toast } from "./toast-store";

const openTitles = () =>
  currentToasts()
    .filter((t) => t.open)
    .map((t) => t.title);

it("shows one toast at a time, the newest replacing the one before", () => {
  toast({ title: "First" });
  toast({ title: "Second" });
  expect(openTitles()).toEqual(["Second"]);
});

it("does not let a background notice push aside a toast that is showing", () => {
  const critical = toast({ title: "CRITICAL ERROR", variant: "destructive" });
  toast({ title: "New Sign-up", ambient: true });
  expect(openTitles()).toEqual(["CRITICAL ERROR"]);

  critical.dismiss();
  toast({ title: "New Sign-up", ambient: true });
  expect(openTitles()).toEqual(["New Sign-up"]);
  for (const t of currentToasts()) dismissToast(t.id);
});
