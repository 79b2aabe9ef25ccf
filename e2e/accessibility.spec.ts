/**
 * Every screen, signed out, as a user and as an admin, dialogs included, checked with axe-core
 * (issue 10, "Finished to the touch"), plus the keyboard behaviours axe cannot see: a skip link,
 * focus back on the button that opened a dialog, and a way home from the 404 page.
 */
import type { Page } from "@playwright/test";
import { OWNER, uniqueEmail } from "./support/accounts";
import { createApprovedUser } from "./support/api-users";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test } from "./support/journey-test";
import { signInThroughUi } from "./support/journeys";

// A hang detector, not a speed limit: a dozen screens each checked by axe took over 4.5 minutes
// on the 2-core machine at load average 30.
test.describe.configure({ timeout: 600_000 });

// What this file checks is the rendered page, the same on either engine: it runs on the screen
// engine alone, like every journey not tagged ON_BOTH_ENGINES.

const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });

/** Opens a dialog with `opener`, checks it, closes it with Escape, and expects focus back on the opener. */
async function checkDialog(page: Page, screen: string, opener: ReturnType<Page["getByRole"]>, dialogName: string) {
  await opener.click();
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page, screen);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

async function createAgent(page: Page, name: string): Promise<string> {
  const created = await page.request.post("/api/agents", {
    data: { name, gender: "female", role: "Sales Assistant", speciality: "B2B software", description: "Books demos" },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

test.describe("at desktop width", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("every signed-out screen passes axe, and the demo dialog hands focus back to Watch Demo", async ({ page }) => {
    await page.goto("/");
    await expect(heading(page, /Build AI agents/)).toBeVisible();
    await expectNoSeriousAxeViolations(page, "landing");
    await checkDialog(page, "landing, demo dialog", page.getByRole("button", { name: "Watch Demo" }), "How it works");

    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, "login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expectNoSeriousAxeViolations(page, "login with errors");

    await page.goto("/signup");
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, "sign-up");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Passwords do not match").or(page.getByText(/required/).first())).toBeVisible();
    await expectNoSeriousAxeViolations(page, "sign-up with errors");

    await page.goto("/agents");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Unauthorized", { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page, "unauthorized redirect with its toast");
  });

  test("every user screen passes axe, dialogs included, and each dialog hands focus back", async ({
    page,
    request,
  }) => {
    const user = await createApprovedUser(request, "", { fullName: "Ada Access" });
    await signInThroughUi(page, user.email, user.password);
    await expect(heading(page, /Welcome back/)).toBeVisible();
    await expectNoSeriousAxeViolations(page, "dashboard, no agents");
    await page.goto("/agents");
    await expect(page.getByText("No agents yet")).toBeVisible();
    await expectNoSeriousAxeViolations(page, "agents, none yet");

    const agentId = await createAgent(page, "Clara Contrast");
    await page.request.post(`/api/chat/${agentId}`, { data: { message: "Hello there, what can you do?" } });

    await page.goto("/");
    await expect(page.getByRole("link", { name: "Clara Contrast", exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page, "dashboard");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await checkDialog(
      page,
      "report issue dialog",
      sidebar.getByRole("button", { name: "Report Issue" }),
      "Report an Issue",
    );

    await page.goto("/agents");
    await expect(page.getByTestId("agent-card")).toHaveCount(1);
    await expectNoSeriousAxeViolations(page, "agents");
    await checkDialog(
      page,
      "delete agent dialog",
      page.getByRole("button", { name: "Delete Clara Contrast" }),
      "Delete Clara Contrast?",
    );

    await page.goto(`/agents/${agentId}`);
    await expect(heading(page, /Clara Contrast/)).toBeVisible();
    await expectNoSeriousAxeViolations(page, "agent detail");
    await checkDialog(
      page,
      "edit agent dialog",
      page.getByRole("button", { name: "Edit", exact: true }),
      "Edit Clara Contrast",
    );
    await checkDialog(page, "paste text dialog", page.getByRole("button", { name: "Paste text" }), "Paste text");

    await page.goto("/chat");
    // The picker's card; the recent-conversations list links to the same agent too.
    await expect(page.getByRole("link", { name: /^Clara Contrast/ }).first()).toBeVisible();
    await expectNoSeriousAxeViolations(page, "chat, agent picker");
    await page.goto(`/chat/${agentId}`);
    await expect(page.getByText("Start a conversation with Clara Contrast")).toBeVisible();
    await expectNoSeriousAxeViolations(page, "chat, new conversation");
    await page.getByRole("list", { name: "Conversations" }).getByText("Hello there").click();
    await expect(page.locator('[data-role="assistant"]')).toHaveCount(1);
    await expectNoSeriousAxeViolations(page, "chat, a conversation");

    await page.goto("/templates");
    await expect(page.getByText("+2 more").first()).toBeVisible();
    await expectNoSeriousAxeViolations(page, "templates");
    await page.goto("/create");
    await expect(heading(page, "Create Agent")).toBeVisible();
    await expectNoSeriousAxeViolations(page, "create agent, simple form");
    await page.getByRole("button", { name: "Create Agent" }).click();
    await expect(page.getByText("Validation Error", { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page, "create agent, validation toast");
    await page.goto("/create-agent");
    await expect(heading(page, "Create Agent")).toBeVisible();
    await expectNoSeriousAxeViolations(page, "create agent, full form");

    await page.goto("/no-such-page");
    await expect(heading(page, "404 Page Not Found")).toBeVisible();
    await expectNoSeriousAxeViolations(page, "404");
  });

  test("every admin screen passes axe, dialogs included", async ({ page, request }) => {
    const pending = uniqueEmail("pending-a11y");
    const signup = await request.post("/api/signup", {
      data: {
        email: pending,
        password: "pending-pass",
        fullName: "Penny Pending",
        companyName: "Pending Co",
        phoneNumber: "+1 555 0102",
        address: "3 Side Street",
      },
    });
    expect(signup.status()).toBe(201);
    const pendingId = ((await signup.json()) as { user: { id: string } }).user.id;
    const reporter = await createApprovedUser(request, "", { fullName: "Rory Reporter" });
    await page.request.post("/api/login", { data: { email: reporter.email, password: reporter.password } });
    const agentId = await createAgent(page, "Audrey Audit");
    const chat = await page.request.post(`/api/chat/${agentId}`, { data: { message: "Hello, who are you?" } });
    const conversationId = ((await chat.json()) as { conversationId: string }).conversationId;
    await page.request.post("/api/error-report", {
      data: { errorType: "bug", severity: "low", message: "The a11y journey's report", url: "/" },
    });
    await page.request.post("/api/logout");

    await signInThroughUi(page, OWNER.email, OWNER.password);
    const screens: [string, string, string | RegExp][] = [
      ["admin panel", "/admin", "Admin Panel"],
      ["user management", "/admin-users", "User Management"],
      ["company management", "/admin-companies", "Company Management"],
      ["all conversations", "/admin-conversations", "All Conversations"],
      ["error reports", "/admin-error-reports", "Error Reports"],
      ["analytics", "/admin-analytics", "Analytics"],
      ["audit trail", "/admin-audit", "Audit Trail"],
      ["system reset", "/admin-reset", "System Reset"],
      ["a user's detail", `/admin/users/${pendingId}`, /Penny Pending/],
      ["a conversation's detail", `/admin/conversation/${conversationId}`, /Audrey Audit|Hello, who are you/],
    ];
    for (const [screen, path, title] of screens) {
      await page.goto(path);
      await expect(heading(page, title)).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
      await expectNoSeriousAxeViolations(page, screen);
    }

    await page.goto(`/admin/users/${pendingId}`);
    await checkDialog(
      page,
      "reset password dialog",
      page.getByRole("button", { name: "Reset Password" }),
      "Reset Password",
    );

    await page.goto("/admin-reset");
    const resetButton = page.getByRole("button", { name: "Reset System" });
    await resetButton.click();
    const first = page.getByRole("dialog", { name: "Reset the whole system?" });
    await expectNoSeriousAxeViolations(page, "system reset, first confirmation");
    await first.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("dialog", { name: "Final confirmation" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, "system reset, final confirmation");
    // Focus moves into the final step's box (it once stayed behind, on Reset System, when a
    // loaded machine let the first dialog's closing hand focus back after the second opened).
    await expect(page.getByLabel("Type RESET to confirm")).toBeFocused();
    // Escape closes the top layer first, and a live toast (another journey's sign-up, shown to
    // this admin) is above the dialog and can arrive at any moment (a known fault, in the
    // closing note): press it until the dialog itself has closed.
    const finalStep = page.getByRole("dialog", { name: "Final confirmation" });
    // Stop before the wipe: other journeys share this server.
    await expect(async () => {
      await page.keyboard.press("Escape");
      await expect(finalStep).toBeHidden({ timeout: 2_000 });
    }).toPass();
    await expect(resetButton).toBeFocused();
  });
});

test.describe("at phone width", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the phone menu and the chat's conversation sheet pass axe and hand focus back", async ({ page, request }) => {
    const user = await createApprovedUser(request, "", { fullName: "Pip Phone" });
    await signInThroughUi(page, user.email, user.password);
    await expect(heading(page, /Welcome back/)).toBeVisible();
    await expectNoSeriousAxeViolations(page, "dashboard on a phone");
    await checkDialog(page, "phone menu", page.getByRole("button", { name: "Open menu" }), "Menu");

    const agentId = await createAgent(page, "Mona Mobile");
    await page.goto(`/chat/${agentId}`);
    await expect(page.getByText("Start a conversation with Mona Mobile")).toBeVisible();
    await expectNoSeriousAxeViolations(page, "chat on a phone");
    await checkDialog(page, "conversation sheet", page.getByRole("button", { name: "Conversations" }), "Conversations");

    // Report Issue from the phone menu: the menu has closed, so focus goes back to its button.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Report Issue" }).click();
    await expect(page.getByRole("dialog", { name: "Report an Issue" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, "report issue dialog on a phone");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });
});

test("a keyboard user skips the navigation to the main content, and finds a way home from the 404 page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughUi(page, OWNER.email, OWNER.password);
  await page.goto("/templates");
  await expect(heading(page, "Templates")).toBeVisible();
  // The cards come after the heading: until they do, <main> holds nothing to Tab to, and the Tab
  // below would leave the page and wrap round to the skip link (a flake seen under load).
  await expect(page.getByRole("main").getByRole("link").first()).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  // The next Tab lands inside the page, not back in the sidebar.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("main").locator(":focus")).toHaveCount(1);

  await page.goto("/no-such-page");
  await expect(heading(page, "404 Page Not Found")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(heading(page, /Welcome back/)).toBeVisible();
});
