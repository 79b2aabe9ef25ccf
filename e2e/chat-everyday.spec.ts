/**
 * Issue 23's journeys that had none: capabilities honoured (Calls off: no call button, the
 * voice routes refuse with a plain 403) and the citation floor (a question the knowledge does
 * not answer gets no source chip, in a new chat and in an ongoing one that cited before).
 */
import type { Page } from "@playwright/test";
import { createApprovedUser } from "./support/api-users";
import { expect, test } from "./support/journey-test";
import { screenshotBothThemes } from "./support/journeys";
import { ON_BOTH_ENGINES } from "./support/journey-apps";

async function signInWithAgent(page: Page, baseURL: string, fields: Record<string, unknown>): Promise<string> {
  const user = await createApprovedUser(page.request, baseURL);
  const login = await page.request.post(`${baseURL}/api/login`, {
    data: { email: user.email, password: user.password },
  });
  expect(login.ok()).toBe(true);
  const created = await page.request.post(`${baseURL}/api/agents`, { data: { gender: "female", ...fields } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function send(page: Page, text: string) {
  const box = page.getByLabel(/^Message /);
  await box.fill(text);
  await box.press("Enter");
  await expect(page.locator('[data-role="assistant"]')).not.toHaveCount(0);
}

test(
  "with Calls off the chat has no call button and the voice routes refuse with a plain 403",
  { tag: ON_BOTH_ENGINES },
  async ({ page, apps }) => {
    const agentId = await signInWithAgent(page, apps.offline, { name: "Quiet Quinn", supportsCall: false });
    await page.goto(`/chat/${agentId}`);
    await expect(page.getByRole("heading", { name: "Quiet Quinn", exact: true })).toBeVisible();
    await expect(page.getByText("Active • Text only")).toBeVisible();
    await expect(page.getByRole("button", { name: "Speak to Quiet Quinn" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Voice Help" })).toHaveCount(0);
    const start = await page.request.post(`${apps.offline}/api/voice-conversations`, { data: { agentId } });
    expect(start.status()).toBe(403);
    expect(((await start.json()) as { message: string }).message).toMatch(/^Calls are turned off for this agent/);

    // Turned on from the agent's page, the button is back.
    await page.goto(`/agents/${agentId}`);
    await page.getByRole("button", { name: "calls capability" }).click();
    await expect(page.getByRole("button", { name: "calls capability" })).toHaveAttribute("aria-pressed", "true");
    await page.goto(`/chat/${agentId}`);
    await expect(page.getByRole("button", { name: "Speak to Quiet Quinn" })).toBeVisible();
  },
);

test(
  "a question the knowledge does not answer gets no source chip, in a new chat and in one that cited before",
  { tag: ON_BOTH_ENGINES },
  async ({ page, apps }) => {
    const agentId = await signInWithAgent(page, apps.offline, { name: "Cited Cleo" });
    const pasted = await page.request.post(`${apps.offline}/api/agents/${agentId}/knowledge`, {
      data: {
        title: "Returns policy",
        text: "Hiking boots can be returned within 45 days for a full refund. Refunds reach the card within 5 working days.",
      },
    });
    expect(pasted.status()).toBe(201);
    await expect
      .poll(async () => {
        const listed = await page.request.get(`${apps.offline}/api/agents/${agentId}/knowledge`);
        return ((await listed.json()) as { status: string }[])[0]?.status;
      })
      .toBe("ready");

    // A new chat: the unrelated question gets an answer and no chip.
    await page.goto(`/chat/${agentId}`);
    await send(page, "What is the capital of France?");
    const replies = page.locator('[data-role="assistant"]');
    await expect(replies.last()).not.toBeEmpty();
    await expect(page.getByRole("list", { name: "Sources" })).toHaveCount(0);

    // An ongoing chat: a question the policy answers is cited, the unrelated one after it is not.
    await page.getByRole("button", { name: "New chat" }).click();
    await send(page, "Can I return my hiking boots, and within how many days?");
    await expect(replies.last().getByRole("list", { name: "Sources" })).toBeVisible();
    await send(page, "What is the capital of France?");
    await expect(replies).toHaveCount(2);
    await expect(replies.last()).not.toBeEmpty();
    await expect(replies.last().getByRole("list", { name: "Sources" })).toHaveCount(0);
    await expect(replies.first().getByRole("list", { name: "Sources" })).toBeVisible();
    await screenshotBothThemes(page, "citation-floor");
  },
);
