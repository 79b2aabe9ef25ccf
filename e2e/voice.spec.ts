import type { AdminVoiceConversation, AdminVoiceMessages } from "../contracts/admin";
import { greetingFor } from "../web/features/voice/greetings";
import { OWNER } from "./support/accounts";
import { FAKE_STREAMED_REPLY } from "./support/fake-provider-reply";
import { createApprovedUser } from "./support/api-users";
import { screenshotBothWidths, signInThroughUi } from "./support/journeys";
import { expect, inOrder, installVoiceProbe, openVoiceDialog, readVoiceProbe, test } from "./support/voice-fake-mic";

/** What the fake provider's STT answers for any recording (server/test-support/fake-openai.ts). */
const FAKE_TRANSCRIPT = "Hello from the fake transcriber.";

test.use({ app: "voice" });
// 2.5 s of silence, the question, 3 s of silence; Chromium loops it, so the user "asks" every ~7 s.
test.use({ fakeMic: { say: "Hello, where is my order please?", silenceBeforeSeconds: 2.5, silenceAfterSeconds: 3 } });

test.describe("talking to an agent", () => {
  test("a user hears the greeting, speaks one turn, hears the reply, and the conversation is stored", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const agentName = `Vera ${Date.now().toString(36)}`;
    await installVoiceProbe(page);
    await openVoiceDialog(page, agentName);
    const dialog = page.getByRole("dialog", { name: `Speak to ${agentName}` });
    await expect(dialog.getByRole("timer")).toHaveText("10:00");
    await expect(dialog.getByLabel("Language")).toHaveValue("en-US");
    await screenshotBothWidths(page, "voice-dialog-idle");

    await dialog.getByRole("button", { name: "Start voice conversation" }).click();
    await expect(dialog.getByText(greetingFor("en-US", { name: agentName, role: "Support Specialist" }))).toBeVisible();
    await expect
      .poll(async () => (await readVoiceProbe(page)).plays, { message: "the greeting played" })
      .toBeGreaterThan(0);

    await expect
      .poll(
        async () => inOrder((await readVoiceProbe(page)).statuses, ["speaking", "listening", "thinking", "speaking"]),
        {
          message: "greeting, then Listening → Thinking → Speaking",
          timeout: 45_000,
        },
      )
      .toBe(true);
    // The Silero detector took the turn, not the 5-second recorder fallback.
    await expect(dialog.locator("[data-listener]")).toHaveAttribute("data-listener", "vad");
    await expect(dialog.locator('[data-role="user"]', { hasText: FAKE_TRANSCRIPT }).first()).toBeVisible();
    await expect(dialog.locator('[data-role="agent"]', { hasText: "Here is a plan." }).first()).toBeVisible();
    await expect(dialog.getByRole("timer")).not.toHaveText("10:00");
    await screenshotBothWidths(page, "voice-dialog-in-call");

    await dialog.getByRole("button", { name: "End conversation" }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await readVoiceProbe(page)).liveTracks, { message: "microphone released" }).toBe(0);

    // Stored: the admin API shows the conversation, both sides with their language, and the user's audio.
    const admin = await page.context().request;
    await admin.post("/api/logout");
    await admin.post("/api/login", { data: { email: OWNER.email, password: OWNER.password } });
    const conversations = (await (
      await admin.get("/api/admin/voice-conversations")
    ).json()) as AdminVoiceConversation[];
    const conversation = conversations.find((c) => c.agentName === agentName);
    expect(conversation).toBeDefined();
    await expect
      .poll(async () => {
        const stored = (await (
          await admin.get(`/api/admin/voice-conversations/${conversation?.id}/messages`)
        ).json()) as AdminVoiceMessages;
        return {
          first: stored.messages.slice(0, 2).map((m) => [m.role, m.content, m.language]),
          audio: stored.audio.length > 0,
        };
      })
      .toEqual({
        first: [
          ["user", FAKE_TRANSCRIPT, "en-US"],
          ["assistant", FAKE_STREAMED_REPLY, "en-US"],
        ],
        audio: true,
      });
  });
});

test("the Voice Help panel shows what this browser and the server support and runs the speech tests", async ({
  page,
  apps,
}) => {
  const user = await createApprovedUser(page.request, apps.voice);
  await signInThroughUi(page, user.email, user.password);
  const created = await page.request.post("/api/agents", { data: { name: "Hal Helper", gender: "male" } });
  await page.goto(`/chat/${((await created.json()) as { id: string }).id}`);

  await page.getByRole("button", { name: "Voice Help" }).click();
  const panel = page.getByRole("region", { name: "Voice help" });
  await expect(panel.getByText("Speech recognition", { exact: true })).toBeVisible();
  await expect(panel.getByText("(the server transcribes too)")).toBeVisible();
  await expect(panel.getByText("pending", { exact: true })).toHaveCount(2);

  await panel.getByRole("button", { name: "Play synthesis sample" }).click();
  await expect(panel.getByText("testing", { exact: true })).toBeVisible();
  await expect(panel.getByText(/^(success|failed)$/)).toBeVisible({ timeout: 8_000 });

  await panel.getByRole("button", { name: "Run full diagnostics" }).click();
  await expect(panel.getByText("HTTPS / secure context", { exact: true })).toBeVisible({ timeout: 8_000 });
  await expect(panel.getByText("Microphone permission", { exact: true })).toBeVisible();
  await expect(panel.getByText("Server speech-to-text", { exact: true })).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Recommendations" })).toBeVisible();
  await screenshotBothWidths(page, "voice-help-panel");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
});
