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

test("an agent's owner who is no admin sees a colleague's conversation appear on Live, takes it over and writes", async ({
  page,
  browser,
  baseURL,
}) => {
  const companyName = `Owner Co ${Date.now().toString(36)}`;
  const owner = await createApprovedUser(page.request, "", { fullName: "Omar Owner", companyName });
  const colleague = await createApprovedUser(page.request, "", { fullName: "Cleo Colleague", companyName });
  await signInThroughUi(page, owner.email, owner.password);
  const created = await page.request.post("/api/agents", {
    data: { name: "Nora Help", gender: "female", role: "Support Specialist" },
  });
  expect(created.status()).toBe(201);
  const { id: agentId } = (await created.json()) as { id: string };
  const shared = await page.request.patch(`/api/agents/${agentId}`, { data: { visibility: "company" } });
  expect(shared.status()).toBe(200);

  // Live is open before the colleague writes; its event stream is connected once it answers.
  const streamOpen = page.waitForResponse((r) => r.url().endsWith("/api/live-conversations/events"));
  await page.goto("/live");
  await streamOpen;
  await expect(page.getByText("Nothing live right now")).toBeVisible();

  const talker = await signedInElsewhere(browser, baseURL!, colleague.email, colleague.password);
  await talker.goto(`/chat/${agentId}`);
  await send(talker, "Can someone look at my contract?");
  const conversationId = new URL(talker.url()).searchParams.get("conversation")!;

  // Without a reload (the list is read again only every minute otherwise).
  const row = page.locator(`li[data-conversation-id="${conversationId}"]`);
  await expect(row.getByText("Cleo Colleague", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: "Take over the conversation of Cleo Colleague" }).click();
  await expect(page).toHaveURL(new RegExp(`/live/${conversationId}$`));
  await expect(page.getByRole("heading", { name: "Can someone look at my contract?" })).toBeVisible();
  await expect(page.getByText("You are answering this conversation; the agent is paused.")).toBeVisible();
  await expect(talker.getByRole("status").filter({ hasText: "Omar from Owner Co" })).toBeVisible();

  await page.getByLabel("Your message to the user").fill("Hi Cleo, Omar here. Send it over.");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(talker.getByText("Hi Cleo, Omar here. Send it over.")).toBeVisible();
  // The colleague's answer reaches the owner's page live, named as them.
  await send(talker, "Thanks, sending it now");
  const transcript = page.getByRole("list", { name: "Messages" });
  await expect(transcript.getByText("Thanks, sending it now", { exact: true })).toBeVisible();
  await expect(transcript.getByText(/^Omar from Owner Co/)).toBeVisible();
  await screenshotBothWidths(page, "live-conversation-owner");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshotBothWidths(page, "live-conversation-owner-dark");
  await page.emulateMedia({ colorScheme: "light" });

  await page.getByRole("button", { name: "Hand back to the agent" }).click();
  await expect(talker.getByRole("status").filter({ hasText: "joined the conversation" })).toHaveCount(0);
});
