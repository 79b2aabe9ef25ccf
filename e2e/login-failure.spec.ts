/**
 * A failed sign-in is shown clearly (spec: destructive toast 'Login Failed' with the server's
 * message) and stays written by the form after the toast has gone; a successful retry clears both.
 */
import { createApprovedUser } from "./support/api-users";
import { expect, test } from "./support/journey-test";
import { screenshotBothWidths, toastRegion } from "./support/journeys";

test("a wrong password shows 'Login Failed' in a toast and under the form, and a successful retry clears both", async ({
  page,
  apps,
}) => {
  const user = await createApprovedUser(page.request, apps.offline);
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();

  await expect(toastRegion(page).getByText("Login Failed", { exact: true })).toBeVisible();
  const inline = page.getByTestId("login-failure");
  await expect(inline).toContainText("Login Failed.");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription(await inline.innerText());
  await screenshotBothWidths(page, "login-failed-light");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshotBothWidths(page, "login-failed-dark");
  await page.emulateMedia({ colorScheme: "light" });

  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(toastRegion(page).getByText("Login Failed", { exact: true })).toHaveCount(0);
  await expect(inline).toHaveCount(0);
});
