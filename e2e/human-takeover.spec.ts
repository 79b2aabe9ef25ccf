/**
 * A person in the loop (issue 26): a user chats while an admin takes the conversation over,
 * writes to them and hands it back; a user asks for a person in Spanish and is told so in Spanish.
 */
import type { Browser, Page } from "@playwright/test";
import { OWNER } from "./support/accounts";
import { createApprovedUser } from "./support/api-users";
import { expect, test } from "./support/journey-test";
import { screenshotBothWidths, signInThroughUi } from "./support/journeys";
import { ON_BOTH_ENGINES } from "./support/journey-apps";

const messageBox = (page: Page) => page.getByLabel(/^Message /);

async function signedInElsewhere(browser: Browser, baseURL: string, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughUi(page, email, password);
  return page;
}

async function chatWithNewAgent(page: Page): Promise<string> {
  const created = await page.request.post("/api/agents", {
    data: { name: "Hana Help", gender: "female", role: "Support Specialist" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/chat/${id}`);
  return id;
}

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press("Enter");
  // In the chat itself: the sidebar titles a new conversation with the same words.
  await expect(page.getByRole("region", { name: /^Chat with / }).getByText(text, { exact: true })).toBeVisible();
}

test(
  "a user chatting sees an admin take over, write to them live, and hand back to the agent",
  { tag: ON_BOTH_ENGINES },
  async ({ page, browser, baseURL }) => {
    const user = await createApprovedUser(page.request, "", { fullName: "Tara Talker", companyName: "Talker Co" });
    await signInThroughUi(page, user.email, user.password);
    await chatWithNewAgent(page);
    await send(page, "Hello, my order has not arrived");
    await expect(page).toHaveURL(/\?conversation=[0-9a-f-]{36}$/);
    await expect(messageBox(page)).toBeEnabled();
    const conversationId = new URL(page.url()).searchParams.get("conversation")!;

    const admin = await signedInElsewhere(browser, baseURL!, OWNER.email, OWNER.password);
    await admin.goto(`/admin/conversation/${conversationId}`);
    // In the transcript: the heading also quotes the first message once it is the title.
    const adminTranscript = admin.getByRole("list", { name: "Messages" });
    await expect(adminTranscript.getByText("Hello, my order has not arrived", { exact: true })).toBeVisible();
    await admin.getByRole("button", { name: "Take over" }).click();
    await expect(admin.getByText("You are answering this conversation; the agent is paused.")).toBeVisible();

    // The user sees who joined, without reloading.
    await expect(page.getByRole("status").filter({ hasText: "joined the conversation" })).toBeVisible();
    await admin.getByLabel("Your message to the user").fill("Hi Tara, this is Olivia. Let me check your order.");
    await admin.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Hi Tara, this is Olivia. Let me check your order.")).toBeVisible();
    await screenshotBothWidths(page, "takeover-user-chat");

    // The user's reply reaches the admin live; the agent does not answer it.
    await send(page, "Thank you, it is order 4411");
    await expect(admin.getByText("Thank you, it is order 4411")).toBeVisible();
    await screenshotBothWidths(admin, "takeover-admin-conversation");

    await admin.getByRole("button", { name: "Hand back to the agent" }).click();
    await expect(admin.getByText("The agent is answering this conversation.")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "joined the conversation" })).toHaveCount(0);
    await expect(messageBox(page)).toBeEnabled();
    await send(page, "Is there anything else I should do?");
    // Back with the agent: ordinary turns are not streamed to watchers (no NOTIFY per turn), so the admin reloads.
    await expect(messageBox(page)).toBeEnabled();
    await admin.reload();
    await expect(admin.getByText("Is there anything else I should do?", { exact: true })).toBeVisible();
    // The agent answered again (the offline responder quotes the message).
    await expect(admin.getByText(/Thanks for your message: “Is there anything else I should/)).toBeVisible();
  },
);

test("a user asking for a person in Spanish is told in Spanish that one was asked for", async ({ page }) => {
  const user = await createApprovedUser(page.request, "", { fullName: "Sofía Sánchez", companyName: "Madrid SL" });
  await signInThroughUi(page, user.email, user.password);
  await chatWithNewAgent(page);
  await send(page, "Hola, quiero hablar con una persona, por favor");
  await expect(page.getByText(/He pedido que una persona del equipo se una a esta conversación/)).toBeVisible();
  await screenshotBothWidths(page, "handoff-spanish");
});
