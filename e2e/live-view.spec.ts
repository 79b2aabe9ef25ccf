/**
 * The live view (issue 26): an admin keeps Live open while a user chats; the conversation
 * appears without a reload, is flagged once the user asks for a person, and the admin opens it
 * and takes it over from the row.
 */
import type { Browser, Page } from "@playwright/test";
import { OWNER } from "./support/accounts";
import { gotoWithLiveChannel } from "./support/admin-live";
import { createApprovedUser } from "./support/api-users";
import { expect, test } from "./support/journey-test";
import { screenshotBothWidths, signInThroughUi } from "./support/journeys";

const messageBox = (page: Page) => page.getByLabel(/^Message /);

async function signedInElsewhere(browser: Browser, baseURL: string, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughUi(page, email, password);
  return page;
}

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press("Enter");
  await expect(page.getByRole("region", { name: /^Chat with / }).getByText(text, { exact: true })).toBeVisible();
  await expect(messageBox(page)).toBeEnabled();
}

test("an admin on Live sees a user's conversation appear, sees it needs a human, and takes it over", async ({
  page,
  browser,
  baseURL,
}) => {
  const fullName = `Lena Live ${Date.now().toString(36)}`;
  const user = await createApprovedUser(page.request, "", { fullName, companyName: "Lena Co" });
  const admin = await signedInElsewhere(browser, baseURL!, OWNER.email, OWNER.password);
  // Reached from the navigation, as an admin would.
  await admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Live" }).click();
  await expect(admin).toHaveURL(/\/live$/);
  await gotoWithLiveChannel(admin, "/live");
  await expect(admin.getByRole("heading", { name: "Live" })).toBeVisible();

  await signInThroughUi(page, user.email, user.password);
  const created = await page.request.post("/api/agents", {
    data: { name: "Milo Help", gender: "male", role: "Support Specialist" },
  });
  expect(created.status()).toBe(201);
  const { id: agentId } = (await created.json()) as { id: string };
  await page.goto(`/chat/${agentId}`);
  await send(page, "My parcel is stuck in customs");
  const conversationId = new URL(page.url()).searchParams.get("conversation")!;

  // On Live without a reload: the admin channel said the conversation is active.
  const row = admin.locator(`li[data-conversation-id="${conversationId}"]`);
  await expect(row.getByText(fullName, { exact: true })).toBeVisible();
  await expect(row.getByText("with Milo Help")).toBeVisible();
  await expect(row.getByText("Needs a human")).toHaveCount(0);

  await send(page, "I want to talk to a person, please");
  await expect(row.getByText("Needs a human")).toBeVisible();
  await expect(admin.getByRole("status").filter({ hasText: "needing a human" })).toBeVisible();
  await screenshotBothWidths(admin, "live-view");
  await admin.emulateMedia({ colorScheme: "dark" });
  await screenshotBothWidths(admin, "live-view-dark");
  await admin.emulateMedia({ colorScheme: "light" });

  // Keyboard: the row's Take over button is reachable and named for the conversation.
  const takeOver = row.getByRole("button", { name: `Take over the conversation of ${fullName}` });
  await takeOver.focus();
  await admin.keyboard.press("Enter");
  await expect(admin).toHaveURL(new RegExp(`/admin/conversation/${conversationId}$`));
  await expect(admin.getByText("You are answering this conversation; the agent is paused.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "joined the conversation" })).toBeVisible();
});
