import { expect, test } from "./support/journey-test";
import { OWNER, uniqueEmail } from "./support/accounts";
import { screenshotBothWidths, signInThroughUi, signUpThroughUi, toastRegion } from "./support/journeys";

test("a visitor sees the landing page and reaches /login from each call to action", async ({ page }) => {
  for (const name of ["Sign In", "Get Started Free", "Start Building Agents"]) {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByRole("link", { name }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  }
  await page.goto("/");
  await page.getByRole("button", { name: "Watch Demo" }).click();
  await expect(page.getByRole("dialog", { name: "How it works" })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("2. Chat by text")).toBeVisible();
  await page.keyboard.press("Escape");
  await screenshotBothWidths(page, "landing");
});

test("a visitor on a signed-in path is told they are unauthorized and lands on /login", async ({ page }) => {
  await page.goto("/agents");
  await expect(page.getByText("Unauthorized", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("the login form validates the email and the password before sending", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await screenshotBothWidths(page, "login");
});

test("a new user signs up, sees the pending message and cannot sign in while pending", async ({ page }) => {
  const email = uniqueEmail("pending");
  await page.goto("/signup");
  await page.getByLabel("Password", { exact: true }).fill("secret1");
  await page.getByLabel("Confirm password").fill("secret2");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  await signUpThroughUi(page, { fullName: "Pat Pending", email, password: "secret123" });
  await expect(
    page.locator("#root").getByRole("status").filter({ hasText: "wait for an administrator" }),
  ).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("");
  await screenshotBothWidths(page, "signup");

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret123");
  await page.getByRole("button", { name: "Sign In" }).click();
  const toasts = toastRegion(page);
  await expect(toasts.getByText("Login Failed", { exact: true })).toBeVisible();
  await expect(toasts.getByText("Your account is awaiting administrator approval.", { exact: true })).toBeVisible();
  // After the toast has gone, the failure stays written by the form and describes its fields.
  await expect(page.getByTestId("login-failure")).toHaveText(
    "Login Failed. Your account is awaiting administrator approval.",
  );
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription(
    "Login Failed. Your account is awaiting administrator approval.",
  );
  await expect(page).toHaveURL(/\/login$/);
});

test("the owner signs in, sees the sidebar with the Admin badge, and signs out", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughUi(page, OWNER.email, OWNER.password);
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await expect(sidebar.getByText("Admin", { exact: true })).toBeVisible();
  await expect(sidebar.getByText(OWNER.email)).toBeVisible();
  for (const item of [
    "Dashboard",
    "Agents",
    "Chat",
    "Templates",
    "Create Agent",
    "Admin Panel",
    "User Management",
    "Company Management",
  ]) {
    await expect(sidebar.getByRole("link", { name: item })).toBeVisible();
  }
  await screenshotBothWidths(page, "shell");
  await sidebar.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Get Started Free" })).toBeVisible();
});

test("on a phone the menu slides in and its Logout signs out", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInThroughUi(page, OWNER.email, OWNER.password);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  for (const item of ["Dashboard", "My Agents", "Chat", "Templates", "Admin Panel"]) {
    await expect(menu.getByRole("link", { name: item })).toBeVisible();
  }
  await menu.getByRole("link", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(401);
});

test("an unknown signed-in path shows the 404 page", async ({ page }) => {
  await signInThroughUi(page, OWNER.email, OWNER.password);
  await page.goto("/no-such-page");
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});
