/** Steps many journeys share, done through the UI as a person would. */
import { expect, test, type Page } from "@playwright/test";
import { auditsScreens, expectNoSeriousAxeViolations, shortAnimationsFinished, type AxeCheck } from "./axe";

export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/$/);
}

export async function signUpThroughUi(
  page: Page,
  fields: { fullName: string; email: string; password: string; companyName?: string },
): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Full name").fill(fields.fullName);
  await page.getByLabel("Email").fill(fields.email);
  await page.getByLabel("Password", { exact: true }).fill(fields.password);
  await page.getByLabel("Confirm password").fill(fields.password);
  await page.getByLabel("Company name").fill(fields.companyName ?? "Acme Corp");
  await page.getByLabel("Phone number").fill("+1 555 0100");
  await page.getByLabel("Address").fill("1 Main Street\nSpringfield");
  await page.getByRole("button", { name: "Create Account" }).click();
}

/**
 * Screenshots for a person to look at, at phone and desktop widths (in the run's output directory,
 * screens/<project>), and the axe-core check at each: the two widths lay the frame out differently.
 * Only in the SCREEN_ENGINE's journeys: the other engine renders the same page.
 */
export async function screenshotBothWidths(page: Page, name: string, check: AxeCheck = {}): Promise<void> {
  await screenshotAtWidths(page, name, [375, 1440], check);
}

/**
 * screenshotBothWidths at some widths only: for a state one layout alone has (the desktop
 * sidebar's Undo notice, which the phone width hides and so lets leave by itself).
 */
export async function screenshotAtWidths(
  page: Page,
  name: string,
  widths: number[],
  check: AxeCheck = {},
): Promise<void> {
  if (!auditsScreens()) return;
  const original = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await shortAnimationsFinished(page);
    const { outputDir, name: project } = test.info().project;
    const path = `${outputDir}/screens/${project}/${name}-${width}.png`;
    await page.screenshot({ path, fullPage: true });
    await expectNoSeriousAxeViolations(page, `${name} at ${width} px`, check);
  }
  if (original) await page.setViewportSize(original);
}

/**
 * screenshotBothWidths in the light theme, then in the dark one (the system's choice, as a
 * person with a dark desktop gets it), `-dark` added to the name; the page is light again after.
 * In the dark, axe checks only the rules a colour scheme can change (the light pass has just
 * checked the rest on the same DOM and layout).
 */
export async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  await screenshotBothWidths(page, name);
  if (!auditsScreens()) return;
  await page.emulateMedia({ colorScheme: "dark" });
  try {
    await screenshotBothWidths(page, `${name}-dark`, { coloursOnly: true });
  } finally {
    await page.emulateMedia({ colorScheme: "light" });
  }
}

/** The toast region only (Radix also announces toasts in a hidden live region with the same text). */
export function toastRegion(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}
