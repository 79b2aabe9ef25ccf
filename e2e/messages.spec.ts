/**
 * Journey: the everyday message controls. Copy a message, stop a reply mid-stream (the server
 * keeps it as "partial", shown as Stopped after a reload), retry a failed reply (the failed turn
 * stays stored), and a reply's code block with its own Copy button. The fake provider picks the
 * held, failing or code reply by a marker in the message (e2e/support/fake-provider-reply.ts).
 */
import type { Page } from "@playwright/test";
import type { ChatMessage } from "../contracts/chat";
import { createApprovedUser } from "./support/api-users";
import { FAKE_CODE_SNIPPET, FAKE_MARKERS, FAKE_STREAMED_REPLY } from "./support/fake-provider-reply";
import { expect, test } from "./support/journey-test";
import { screenshotBothWidths, toastRegion } from "./support/journeys";
import { ON_BOTH_ENGINES } from "./support/journey-apps";

test.use({ app: "model" });

const messageBox = (page: Page) => page.getByLabel(/^Message /);
const replies = (page: Page) => page.locator('[data-role="assistant"]');

async function openChatWithNewAgent(page: Page, baseURL: string, request: Parameters<typeof createApprovedUser>[0]) {
  const user = await createApprovedUser(request, baseURL);
  const login = await page.request.post(`${baseURL}/api/login`, {
    data: { email: user.email, password: user.password },
  });
  expect(login.ok()).toBe(true);
  const created = await page.request.post(`${baseURL}/api/agents`, {
    data: { name: "Cody Coach", gender: "male", role: "Sales Coach", speciality: "Outreach" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/chat/${id}`);
  await expect(page.getByText("Start a conversation with Cody Coach")).toBeVisible();
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
  "a user copies a reply and their own message, and hears that it was copied",
  { tag: ON_BOTH_ENGINES },
  async ({ page, context, request, apps }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openChatWithNewAgent(page, apps.model, request);
    await send(page, "Help me plan outreach to CFOs.");
    const reply = replies(page).last();
    await expect(reply).toContainText("measure replies for two weeks.");

    await reply.getByRole("button", { name: "Copy message" }).click();
    await expect(reply.getByRole("button", { name: "Copied" })).toBeVisible();
    await expect(reply.getByRole("status")).toHaveText("Copied to clipboard");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(FAKE_STREAMED_REPLY);
    // The tick goes back to the copy icon after a moment.
    await expect(reply.getByRole("button", { name: "Copy message" })).toBeVisible();

    const mine = page.locator('[data-role="user"]').last();
    await mine.getByRole("button", { name: "Copy message" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("Help me plan outreach to CFOs.");
    await screenshotBothWidths(page, "messages-copy");
  },
);

test(
  "a user stops a reply mid-stream; it is kept as a stopped reply after a reload",
  { tag: ON_BOTH_ENGINES },
  async ({ page, request, apps }) => {
    await openChatWithNewAgent(page, apps.model, request);
    await send(page, `Tell me a long story ${FAKE_MARKERS.hold}`);
    const reply = replies(page).last();
    await expect(reply).toContainText("Here is a plan.");
    await expect(page.getByRole("button", { name: "Send message" })).toHaveCount(0);

    await page.getByRole("button", { name: "Stop reply" }).click();
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();
    await expect(reply).toContainText("Stopped");
    await expect(messageBox(page)).toBeEnabled();
    await expect(messageBox(page)).toHaveValue("");

    // The server noticed the client leaving and stored what was written as a partial reply.
    await expect
      .poll(async () => (await storedMessages(page)).map((m) => `${m.role}:${m.status}`))
      .toEqual(["user:complete", "assistant:partial"]);
    await page.reload();
    const storedReply = replies(page).last();
    await expect(storedReply).toHaveAttribute("data-status", "partial");
    await expect(storedReply).toContainText("Here is a plan.");
    await expect(storedReply).toContainText("Stopped");
    await expect(storedReply).not.toContainText("two weeks");
    await screenshotBothWidths(page, "messages-stopped");
  },
);

test(
  "a user retries a failed reply and gets the answer, the failed turn staying in the record",
  { tag: ON_BOTH_ENGINES },
  async ({ page, request, apps }) => {
    await openChatWithNewAgent(page, apps.model, request);
    const question = `Summarise our offer ${FAKE_MARKERS.failOnce} ${crypto.randomUUID()}`;
    await send(page, question);
    const failed = page.locator('[data-status="failed"]');
    await expect(failed).toContainText("The reply failed.");
    await expect(toastRegion(page).getByText("Failed to send message", { exact: true })).toBeVisible();
    // The message was stored, so it is not put back in the box: Retry sends it again.
    await expect(messageBox(page)).toHaveValue("");
    await screenshotBothWidths(page, "messages-failed");

    await failed.getByRole("button", { name: "Retry" }).click();
    await expect(replies(page).last()).toContainText("measure replies for two weeks.");
    await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);

    // A retry is a regeneration: the answer is the second version of the reply, the failure the first.
    const stored = await storedMessages(page);
    expect(stored.map((m) => `${m.role}:${m.status}:${m.role === "user" ? m.content : ""}`)).toEqual([
      `user:complete:${question}`,
      "assistant:complete:",
    ]);
    expect(stored[1]?.siblingIds).toHaveLength(2);
  },
);

test("a reply's code block is coloured and has its own Copy button; its links open safely in a new tab", async ({
  page,
  context,
  request,
  apps,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const highlighterLoads: string[] = [];
  page.on("request", (req) => {
    if (/code-highlight/.test(req.url())) highlighterLoads.push(req.url());
  });
  // JS and CSS bytes as sent (compressed), all the chat page fetches including the highlighter.
  const scriptAndStyleBytes: Promise<number>[] = [];
  page.on("response", (res) => {
    if (/\.(js|css)(\?|$)/.test(new URL(res.url()).pathname))
      scriptAndStyleBytes.push(
        res
          .request()
          .sizes()
          .then((sizes) => sizes.responseBodySize),
      );
  });
  const bytesSoFar = async () => (await Promise.all(scriptAndStyleBytes)).reduce((sum, bytes) => sum + bytes, 0);
  await openChatWithNewAgent(page, apps.model, request);
  // The chat page as it opens: the Markdown renderer and the highlighter come later, when needed.
  const chatPageBytes = await bytesSoFar();
  expect(chatPageBytes).toBeLessThan(200 * 1024);
  await send(page, "Show me a greeting function");
  await expect(replies(page).last()).toContainText("two weeks");
  // No code on screen yet: the highlighter has not been fetched.
  expect(highlighterLoads).toEqual([]);

  await send(page, `Now in TypeScript ${FAKE_MARKERS.code}`);
  const reply = replies(page).last();
  const block = reply.locator(".code-block");
  await expect(block.locator("pre")).toContainText("Hello");
  await expect(block.locator(".hljs-keyword").first()).toHaveText("export");
  expect(highlighterLoads).toHaveLength(1);

  await block.getByRole("button", { name: "Copy code" }).click();
  await expect(block.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(FAKE_CODE_SNIPPET);

  const link = reply.getByRole("link", { name: "the guide" });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener noreferrer/);
  test.info().annotations.push({
    type: "bytes",
    description: `JS and CSS on the wire: chat page ${chatPageBytes} B, with a reply and a code block ${await bytesSoFar()} B`,
  });
  await screenshotBothWidths(page, "messages-code");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshotBothWidths(page, "messages-code-dark");
});
