/**
 * People screens (issue 23 findings): Deny asks first and Cancel changes nothing; the sidebar
 * stays in view on a long page and a phone-width page does not scroll sideways. The seeded owner
 * is never demoted: every journey here acts on people it signs up itself. (Make Admin and Remove
 * Admin's dialog are in people.spec.ts, with every other journey that changes who is an admin.)
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/journey-test";
import { OWNER, uniqueEmail } from "./support/accounts";
import { storedUser } from "./support/api-users";
import { screenshotBothThemes, signInThroughUi, toastRegion } from "./support/journeys";

test.use({ viewport: { width: 1440, height: 900 }, colorScheme: "light" });

interface PendingUser {
  id: string;
  email: string;
  fullName: string;
}

/** A sign-up nobody has approved yet (the owner of the instance exists, so it waits). */
async function signUpPending(request: APIRequestContext, fullName: string, companyName: string): Promise<PendingUser> {
  const email = uniqueEmail("pending");
  const res = await request.post("/api/signup", {
    data: {
      email,
      password: "pending-password",
      fullName,
      companyName,
      phoneNumber: "+1 555 0102",
      address: "3 Wait Way",
    },
  });
  if (res.status() !== 201) throw new Error(`signup ${res.status()}: ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string; approvalStatus: string } };
  if (user.approvalStatus !== "pending") throw new Error(`expected a pending sign-up, got ${user.approvalStatus}`);
  return { id: user.id, email, fullName };
}

test("an admin's Deny on a pending sign-up asks first: Cancel leaves them pending, Deny in the dialog denies them", async ({
  page,
  request,
}) => {
  const company = `Deny Co ${Date.now().toString(36)}`;
  const pending = await signUpPending(request, "Dana Pending", company);
  await signInThroughUi(page, OWNER.email, OWNER.password);
  await page.goto("/admin-users");
  await page.getByLabel("Search users").fill(company);
  const row = page.getByTestId("user-row").filter({ hasText: pending.email }).filter({ visible: true });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Pending", { exact: true })).toBeVisible();

  await row.getByRole("button", { name: `Deny ${pending.fullName}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Deny ${pending.fullName}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${pending.email} will be signed out and can no longer sign in.`);
  // Pressing Deny on the row alone decided nothing.
  expect((await storedUser(page, pending.id)).approvalStatus).toBe("pending");
  await screenshotBothThemes(page, "admin-deny-dialog");

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Pending", { exact: true })).toBeVisible();
  expect((await storedUser(page, pending.id)).approvalStatus).toBe("pending");

  await row.getByRole("button", { name: `Deny ${pending.fullName}` }).click();
  await dialog.getByRole("button", { name: "Deny", exact: true }).click();
  await expect(toastRegion(page).getByText("User Denied", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Denied", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Deny ${pending.fullName}` })).toBeDisabled();
  expect((await storedUser(page, pending.id)).approvalStatus).toBe("denied");
});

test("on a page taller than the window the sidebar's navigation stays in view at the bottom, and at 375 px nothing scrolls sideways", async ({
  page,
  request,
}) => {
  // Thirty sign-ups of one company: searching for it lists exactly them, a page well past 900 px.
  const company = `Long List Co ${Date.now().toString(36)}`;
  for (let i = 1; i <= 30; i++) await signUpPending(request, `Long List Person ${i}`, company);
  await signInThroughUi(page, OWNER.email, OWNER.password);
  await page.goto("/admin-users");
  await page.getByLabel("Search users").fill(company);
  await expect(page.getByTestId("user-row").filter({ visible: true })).toHaveCount(30);

  const height = await page.evaluate(() => ({ page: document.documentElement.scrollHeight, window: innerHeight }));
  expect(height.page).toBeGreaterThan(height.window + 300);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeVisible();
  await expect(nav).toBeInViewport();
  const box = await nav.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
  await expect(nav.getByRole("link", { name: "User Management" })).toBeInViewport();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId("user-row").filter({ visible: true })).toHaveCount(30);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
