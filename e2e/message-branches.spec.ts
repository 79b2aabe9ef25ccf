/**
 * Journey: a message's versions. Edit a sent message and resend it (the old branch stays, one
 * "Previous version" away), regenerate a reply (both replies kept, "2/2"), stop a reply (kept
 * as Stopped), retry a failed reply (the failure stays as version 1). A regeneration with new
 * text is in chat-markdown.spec.ts; the admin's record of versions and stopped replies is
 * proved through the API (server/chat/message-branches.test.ts).
 */
import type { Page } from "@playwright/test";
import type { ChatMessage } from "../contracts/chat";
import { createApprovedUser } from "./support/api-users";
import { FAKE_MARKERS } from "./support/fake-provider-reply";
import { expect, test } from "./support/journey-test";
import { screenshotBothWidths } from "./support/journeys";
import { ON_BOTH_ENGINES } from "./support/journey-apps";

test.use({ app: "model" });

const messageBox = (page: Page) => page.getByLabel(/^Message /);
const replies = (page: Page) => page.locator('[data-role="assistant"]');
const mine = (page: Page) => page.locator('[data-role="user"]');

async function openChatWithNewAgent(page: Page, baseURL: string, request: Parameters<typeof createApprovedUser>[0]) {
  const user = await createApprovedUser(request, baseURL);
  const login = await page.request.post(`${baseURL}/api/login`, {
    data: { email: user.email, password: user.password },
  });
  expect(login.ok()).toBe(true);
  const created = await page.request.post(`${baseURL}/api/agents`, {
    data: { name: "Vera Versions", gender: "female", role: "Sales Coach", speciality: "Outreach" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/chat/${id}`);
  await expect(page.getByText("Start a conversation with Vera Versions")).toBeVisible();
}

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press("Enter");
}

async function storedMessages(page: Page): Promise<ChatMessage[]> {
  const conversationId = new URL(page.url()).searchParams.get("conversation");
  expect(conversationId).not.toBeNull();
  const res = await page.request.get(`/api/conversations/${conversationId}/messages`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as ChatMessage[];
}

test(
  "a user edits a sent message and resends it, then finds the old version with the switcher",
  { tag: ON_BOTH_ENGINES },
  async ({ page, request, apps }) => {
    await openChatWithNewAgent(page, apps.model, request);
    await send(page, "Plan outreach to CFOs.");
    await expect(replies(page).last()).toContainText("two weeks");

    // Keyboard only: the Edit button, the textarea in place, Ctrl+Enter to save and send.
    // Enabled once the reply has finished: nothing new is asked while a turn is on its way.
    await expect(mine(page).last().getByRole("button", { name: "Edit message" })).toBeEnabled();
    await mine(page).last().getByRole("button", { name: "Edit message" }).focus();
    await page.keyboard.press("Enter");
    const editor = page.getByLabel("Edit your message");
    await expect(editor).toBeFocused();
    await expect(editor).toHaveValue("Plan outreach to CFOs.");
    await page.keyboard.press("Escape");
    await expect(editor).toHaveCount(0);
    await expect(mine(page).last().getByRole("button", { name: "Edit message" })).toBeFocused();

    await mine(page).last().getByRole("button", { name: "Edit message" }).click();
    await editor.fill("Plan outreach to CTOs.");
    await screenshotBothWidths(page, "branches-editing");
    await page.getByRole("button", { name: "Save & send" }).click();
    await expect(mine(page)).toHaveCount(1);
    await expect(mine(page).last()).toContainText("Plan outreach to CTOs.");
    await expect(replies(page).last()).toContainText("two weeks");
    const versions = mine(page).last().getByRole("group", { name: "Versions" });
    await expect(versions).toContainText("2/2");
    await expect(versions.getByRole("button", { name: "Next version" })).toBeDisabled();
    await screenshotBothWidths(page, "branches-edited");

    await versions.getByRole("button", { name: "Previous version" }).click();
    await expect(mine(page).last()).toContainText("Plan outreach to CFOs.");
    await expect(versions).toContainText("1/2");
    // The choice is stored: a reload shows the same branch.
    await page.reload();
    await expect(mine(page).last()).toContainText("Plan outreach to CFOs.");
    expect((await storedMessages(page)).map((m) => [m.role, m.content.slice(0, 22), m.siblingIds.length])).toEqual([
      ["user", "Plan outreach to CFOs.", 2],
      ["assistant", expect.any(String), 1],
    ]);
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshotBothWidths(page, "branches-edited-dark");
  },
);

test(
  "a user regenerates a reply and keeps both; a stopped reply stays and can be regenerated",
  { tag: ON_BOTH_ENGINES },
  async ({ page, request, apps }) => {
    await openChatWithNewAgent(page, apps.model, request);
    await send(page, "Give me a plan.");
    await expect(replies(page).last()).toContainText("two weeks");
    await replies(page).last().getByRole("button", { name: "Regenerate reply" }).click();
    await expect(replies(page)).toHaveCount(1);
    const versions = replies(page).last().getByRole("group", { name: "Versions" });
    await expect(versions).toContainText("2/2");
    await expect(replies(page).last()).toContainText("two weeks");
    await versions.getByRole("button", { name: "Previous version" }).click();
    await expect(versions).toContainText("1/2");

    // Stop a reply mid-stream: it is kept, marked Stopped, and a later regeneration sits beside it.
    await send(page, `Tell me a long story ${FAKE_MARKERS.hold}`);
    // The new reply's own first words, not the earlier reply's (the same text): stopped before
    // them, the journey stopped a reply that had shown nothing (a flake seen under load).
    await expect(replies(page)).toHaveCount(2);
    await expect(replies(page).last()).toContainText("Here is a plan.");
    await page.getByRole("button", { name: "Stop reply" }).click();
    await expect(replies(page).last()).toContainText("Stopped");
    await expect
      .poll(async () => (await storedMessages(page)).map((m) => `${m.role}:${m.status}`))
      .toEqual(["user:complete", "assistant:complete", "user:complete", "assistant:partial"]);
    await page.reload();
    const stopped = replies(page).last();
    await expect(stopped).toHaveAttribute("data-status", "partial");
    await expect(stopped).toContainText("Stopped");
    await expect(stopped.getByRole("button", { name: "Regenerate reply" })).toBeVisible();
    await screenshotBothWidths(page, "branches-stopped");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshotBothWidths(page, "branches-stopped-dark");
  },
);

test("a user retries a failed reply; the failure stays as the first version", async ({ page, request, apps }) => {
  await openChatWithNewAgent(page, apps.model, request);
  await send(page, `Summarise our offer ${FAKE_MARKERS.failOnce} ${crypto.randomUUID()}`);
  const failed = page.locator('[data-status="failed"]');
  await expect(failed).toContainText("The reply failed.");
  await failed.getByRole("button", { name: "Retry" }).click();
  await expect(replies(page).last()).toContainText("two weeks");
  const versions = replies(page).last().getByRole("group", { name: "Versions" });
  await expect(versions).toContainText("2/2");
  await versions.getByRole("button", { name: "Previous version" }).click();
  await expect(page.locator('[data-status="failed"]')).toContainText("The reply failed.");
  await expect(page.locator('[data-status="failed"]').getByRole("group", { name: "Versions" })).toContainText("1/2");
  await screenshotBothWidths(page, "branches-retried");
});
