import type { Page } from "@playwright/test";
import { expect, test } from "./support/journey-test";
import { OWNER } from "./support/accounts";
import { screenshotBothWidths, signInThroughUi } from "./support/journeys";
import { ON_BOTH_ENGINES } from "./support/journey-apps";

/** The page's ground colour, as the browser computed it: dark when its lightness is low. */
async function groundIsDark(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas").getContext("2d");
    if (!canvas) throw new Error("no 2d context");
    canvas.fillStyle = getComputedStyle(document.body).backgroundColor;
    canvas.fillRect(0, 0, 1, 1);
    const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data;
    return (r + g + b) / 3 < 80;
  });
}

test.describe("the theme", () => {
  test.use({ colorScheme: "light" });

  test(
    "follows the system by default, and a person's choice of dark stays after a reload until they pick the system again",
    { tag: ON_BOTH_ENGINES },
    async ({ page }) => {
      await signInThroughUi(page, OWNER.email, OWNER.password);
      await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();
      const sidebar = page.getByRole("complementary", { name: "Sidebar" });
      const themes = sidebar.getByRole("radiogroup", { name: "Theme" });
      await expect(themes.getByRole("radio", { name: "System" })).toHaveAttribute("aria-checked", "true");
      expect(await groundIsDark(page)).toBe(false);

      await themes.getByRole("radio", { name: "Dark" }).click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      expect(await groundIsDark(page)).toBe(true);
      await screenshotBothWidths(page, "dashboard-dark");

      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();
      await expect(themes.getByRole("radio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");
      expect(await groundIsDark(page)).toBe(true);

      // Keyboard: the arrow keys move the choice, as in any radio group.
      await themes.getByRole("radio", { name: "Dark" }).focus();
      await page.keyboard.press("ArrowRight");
      await expect(themes.getByRole("radio", { name: "System" })).toHaveAttribute("aria-checked", "true");
      await expect(themes.getByRole("radio", { name: "System" })).toBeFocused();
      await expect(page.locator("html")).not.toHaveAttribute("data-theme", /.*/);
      expect(await groundIsDark(page)).toBe(false);
    },
  );
});

test.describe("on a system set to dark", () => {
  test.use({ colorScheme: "dark" });

  test("the app is dark with no choice made, and light when the person picks light", async ({ page }) => {
    await signInThroughUi(page, OWNER.email, OWNER.password);
    await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();
    expect(await groundIsDark(page)).toBe(true);
    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("radio", { name: "Light" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    expect(await groundIsDark(page)).toBe(false);
  });
});
