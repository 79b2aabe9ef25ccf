/**
 * The admin-only speech-input control in chat (spec "Chat"): an admin dictates into the message
 * box through the server's speech-to-text (the fake provider transcribes any recording), reads
 * it and sends it; an ordinary user has no such control.
 */
import { OWNER } from "./support/accounts";
import { FAKE_GERMAN_TRANSCRIPT } from "./support/fake-provider-reply";
import { createApprovedUser } from "./support/api-users";
import { screenshotBothWidths, signInThroughUi } from "./support/journeys";
import { expect, test } from "./support/voice-fake-mic";

/** What the fake provider's STT answers for any recording (server/test-support/fake-openai.ts). */
const FAKE_TRANSCRIPT = "Hello from the fake transcriber.";

test.use({ app: "voice", fakeMic: { say: "Where is my order?", silenceBeforeSeconds: 0.5, silenceAfterSeconds: 1 } });

test("an admin dictates a message into the chat box, reads it and sends it", async ({ page }) => {
  await signInThroughUi(page, OWNER.email, OWNER.password);
  const agentName = `Dora ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/agents", {
    data: { name: agentName, gender: "female", role: "Support Specialist" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/chat/${id}`);

  const box = page.getByLabel(`Message ${agentName}`);
  await box.fill("Question:");
  await page.getByRole("button", { name: "Dictate message" }).click();
  const stop = page.getByRole("button", { name: "Stop dictation" });
  await expect(stop).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Listening for dictation", { exact: true })).toBeAttached();
  await screenshotBothWidths(page, "chat-dictation-listening");
  await stop.click();

  // Added after what was typed, left for the admin to read before sending.
  await expect(box).toHaveValue(`Question: ${FAKE_TRANSCRIPT}`);
  await expect(page.getByRole("button", { name: "Dictate message" })).toHaveAttribute("aria-pressed", "false");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.locator('[data-role="user"]', { hasText: FAKE_TRANSCRIPT })).toBeVisible();
});

test.describe("in a German browser", () => {
  test.use({ locale: "de-DE" });

  test("an admin's dictation is transcribed in German and the German words arrive in the box", async ({ page }) => {
    await signInThroughUi(page, OWNER.email, OWNER.password);
    const agentName = `Dieter ${Date.now().toString(36)}`;
    const created = await page.request.post("/api/agents", {
      data: { name: agentName, gender: "male", role: "Support Specialist" },
    });
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/chat/${id}`);
    const transcribed = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/stt"));

    await page.getByRole("button", { name: "Dictate message" }).click();
    await expect(page.getByRole("button", { name: "Stop dictation" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Stop dictation" }).click();

    // The browser's language went to the server, and from it `language=de` to the transcriber,
    // whose German answer (the fake answers German only when asked for it) is in the box.
    expect(((await transcribed).postDataJSON() as { language: string }).language).toBe("de-DE");
    const box = page.getByLabel(`Message ${agentName}`);
    await expect(box).toHaveValue(FAKE_GERMAN_TRANSCRIPT);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.locator('[data-role="user"]', { hasText: FAKE_GERMAN_TRANSCRIPT })).toBeVisible();
  });
});

test("an ordinary user has no dictation control in chat", async ({ page }) => {
  const user = await createApprovedUser(page.request, "");
  await signInThroughUi(page, user.email, user.password);
  const created = await page.request.post("/api/agents", {
    data: { name: "Ula", gender: "female", role: "Support Specialist" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/chat/${id}`);
  await expect(page.getByLabel("Message Ula")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Dictate message" })).toHaveCount(0);
});
