import { expect, it } from "vitest";
import { applyTheme, parseThemeChoice } from "./theme";

it("reads a remembered theme, and anything else as the system's", () => {
  expect(parseThemeChoice("dark")).toBe("dark");
  expect(parseThemeChoice("light")).toBe("light");
  expect(parseThemeChoice("purple")).toBe("system");
  expect(parseThemeChoice(null)).toBe("system");
});

it("puts a chosen theme on the root element and takes it off for the system's", () => {
  const root = { dataset: {} as Record<string, string | undefined> } as unknown as HTMLElement;
  applyTheme("dark", root);
  expect(root.dataset.theme).toBe("dark");
  applyTheme("system", root);
  expect(root.dataset.theme).toBeUndefined();
});
