/**
 * A voice call that uses a tool (issue 24): the caller asks about an order, the agent calls its
 * HTTP action (a real HTTP server on loopback, allowed by the admin's policy), speaks the answer,
 * and the call's record holds the step. An action that asks is asked about aloud: the caller
 * answers "yes" (typed, as the call's words) or presses Approve (decision 149). The calls run on
 * typed turns, as voice-typed.spec.ts.
 */
import { startFakeToolHttpServer, type FakeToolHttpServer } from "../server/test-support/fake-tool-http-server";
import type { Browser, Page } from "@playwright/test";
import { OWNER } from "./support/accounts";
import { FAKE_TOOL_ANSWER, toolCallMessage } from "./support/fake-provider-reply";
import { screenshotBothWidths } from "./support/journeys";
import { expect, inOrder, installVoiceProbe, openVoiceDialog, readVoiceProbe, test } from "./support/voice-fake-mic";

// The model app: a language model that calls tools when the message names one.
test.use({ app: "model" });

let web: FakeToolHttpServer;
test.beforeAll(async () => {
  web = await startFakeToolHttpServer();
});
test.afterAll(async () => {
  await web?.close();
});

test("a caller asks about an order: the agent calls its HTTP action during the call and speaks the answer", async ({
  page,
  browser,
  baseURL,
}) => {
  const agentName = `Tia ${Date.now().toString(36)}`;
  await installVoiceProbe(page);
  await page.addInitScript(() => {
    const scope = window as unknown as Record<string, unknown>;
    delete scope.SpeechRecognition;
    delete scope.webkitSpeechRecognition;
  });

  // The admin lets tools reach this machine's loopback address, keeping the rest of the policy.
  const adminContext = await browser.newContext({ baseURL });
  const admin = adminContext.request;
  expect((await admin.post("/api/login", { data: { email: OWNER.email, password: OWNER.password } })).ok()).toBe(true);
  const policy = (await (await admin.get("/api/admin/tool-policy")).json()) as Record<string, unknown>;
  const saved = await admin.put("/api/admin/tool-policy", {
    data: { ...policy, allowedHosts: ["127.0.0.1"], allowPrivateNetworks: true },
  });
  expect(saved.status()).toBe(200);

  await openVoiceDialog(page, agentName);
  const agentId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  const added = await page.request.post(`/api/agents/${agentId}/tools`, {
    data: {
      kind: "http",
      name: "order_status",
      description: "The status of an order",
      method: "GET",
      url: `${web.base}/orders/{id}`,
      parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      approval: "auto",
    },
  });
  expect(added.status()).toBe(201);

  const dialog = page.getByRole("dialog", { name: `Speak to ${agentName}` });
  await dialog.getByRole("button", { name: "Start voice conversation" }).click();
  const box = dialog.getByLabel("Type your message");
  await expect(box).toBeEnabled({ timeout: 60_000 });
  const statusesBefore = (await readVoiceProbe(page)).statuses.length;
  await box.fill(toolCallMessage("Where is my order V-9?", "order_status", { id: "V-9" }));
  await box.press("Enter");

  const answer = dialog.locator('[data-role="agent"]', { hasText: FAKE_TOOL_ANSWER.trim() });
  await expect(answer).toBeVisible();
  await expect(answer).toContainText("shipped");
  await expect
    .poll(async () => inOrder((await readVoiceProbe(page)).statuses.slice(statusesBefore), ["speaking", "listening"]), {
      message: "the answer was spoken, then the call listened again",
      timeout: 60_000,
    })
    .toBe(true);
  expect(web.seen.some((request) => request.url === "/orders/V-9")).toBe(true);
  await screenshotBothWidths(page, "voice-call-tool");

  // The call's record holds the step, as a chat's does.
  const calls = (await (await admin.get("/api/admin/voice-conversations")).json()) as {
    id: string;
    agentName: string;
  }[];
  const call = calls.find((c) => c.agentName === agentName);
  const steps = (await (await admin.get(`/api/admin/conversation/${call?.id}/tool-calls`)).json()) as {
    name: string;
    outcome: string;
  }[];
  expect(steps.map((step) => [step.name, step.outcome])).toEqual([["order_status", "ok"]]);
  await adminContext.close();
});

/** The admin lets tools reach loopback; the page's user opens a call with an agent whose order action asks first. */
async function callWithAskingAction(page: Page, browser: Browser, baseURL: string | undefined, agentName: string) {
  await installVoiceProbe(page);
  await page.addInitScript(() => {
    const scope = window as unknown as Record<string, unknown>;
    delete scope.SpeechRecognition;
    delete scope.webkitSpeechRecognition;
  });
  const adminContext = await browser.newContext({ baseURL });
  const admin = adminContext.request;
  expect((await admin.post("/api/login", { data: { email: OWNER.email, password: OWNER.password } })).ok()).toBe(true);
  const policy = (await (await admin.get("/api/admin/tool-policy")).json()) as Record<string, unknown>;
  const saved = await admin.put("/api/admin/tool-policy", {
    data: { ...policy, allowedHosts: ["127.0.0.1"], allowPrivateNetworks: true },
  });
  expect(saved.status()).toBe(200);

  await openVoiceDialog(page, agentName);
  const agentId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  const added = await page.request.post(`/api/agents/${agentId}/tools`, {
    data: {
      kind: "http",
      name: "order_status",
      description: "The status of an order",
      method: "GET",
      url: `${web.base}/orders/{id}`,
      parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      approval: "ask",
    },
  });
  expect(added.status()).toBe(201);
  const dialog = page.getByRole("dialog", { name: `Speak to ${agentName}` });
  await dialog.getByRole("button", { name: "Start voice conversation" }).click();
  const box = dialog.getByLabel("Type your message");
  await expect(box).toBeEnabled({ timeout: 60_000 });
  return { dialog, box, admin, adminContext };
}

test("the agent asks aloud before an action that asks: the caller says yes, then approves another with the button", async ({
  page,
  browser,
  baseURL,
}) => {
  const agentName = `Ada ${Date.now().toString(36)}`;
  const { dialog, box, admin, adminContext } = await callWithAskingAction(page, browser, baseURL, agentName);

  // The first call: the agent asks aloud (the question shows as a quiet line), the caller answers "yes".
  await box.fill(toolCallMessage("Where is my order Q-1?", "order_status", { id: "Q-1" }));
  await box.press("Enter");
  const pending = dialog.getByRole("group", { name: new RegExp(`${agentName} asks to use order status`) });
  await expect(pending).toBeVisible({ timeout: 60_000 });
  await expect(
    dialog.locator("[data-aside]", { hasText: "May I use order status for Q-1? Please say yes or no." }),
  ).toBeVisible();
  await expect(box).toBeEnabled();
  await box.fill("Yes, go ahead.");
  await box.press("Enter");
  await expect(pending).toBeHidden();
  await expect(dialog.locator("[data-aside]", { hasText: "One moment." })).toBeVisible();
  await expect(dialog.locator('[data-role="agent"]', { hasText: FAKE_TOOL_ANSWER.trim() }).last()).toContainText("Q-1");
  await expect(box).toBeEnabled({ timeout: 60_000 });

  // The second: pressed, with the keyboard, while the question waits.
  await box.fill(toolCallMessage("And order Q-2?", "order_status", { id: "Q-2" }));
  await box.press("Enter");
  const second = dialog.getByRole("group", { name: /asks to use order status with id Q-2/ });
  await expect(second).toBeVisible({ timeout: 60_000 });
  await screenshotBothWidths(page, "voice-call-approval");
  await second.getByRole("button", { name: "Approve" }).focus();
  await page.keyboard.press("Enter");
  await expect(second).toBeHidden();
  await expect(dialog.locator('[data-role="agent"]', { hasText: FAKE_TOOL_ANSWER.trim() }).last()).toContainText("Q-2");
  expect(web.seen.filter((request) => request.url === "/orders/Q-1" || request.url === "/orders/Q-2")).toHaveLength(2);

  // Both approved by the caller, as the call's record says.
  const calls = (await (await admin.get("/api/admin/voice-conversations")).json()) as {
    id: string;
    agentName: string;
  }[];
  const call = calls.find((c) => c.agentName === agentName);
  const steps = (await (await admin.get(`/api/admin/conversation/${call?.id}/tool-calls`)).json()) as {
    outcome: string;
    decidedBy: string | null;
  }[];
  expect(steps.map((step) => step.outcome)).toEqual(["ok", "ok"]);
  const caller = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  const callerId = caller.id;
  expect(steps.map((step) => step.decidedBy)).toEqual([callerId, callerId]);
  await adminContext.close();
});
