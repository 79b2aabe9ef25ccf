import { greetingFor } from "../web/features/voice/greetings";
import { FAKE_STREAMED_REPLY } from "./support/fake-provider-reply";
import { createApprovedUser } from "./support/api-users";
import { screenshotBothWidths, signInThroughUi } from "./support/journeys";
import {
  adminVoiceRecords,
  expect,
  inOrder,
  installVoiceProbe,
  openVoiceDialog,
  pausePageClock,
  readVoiceProbe,
  test,
} from "./support/voice-fake-mic";

/** What the fake provider's STT answers for any recording (server/test-support/fake-openai.ts). */
const FAKE_TRANSCRIPT = "Hello from the fake transcriber.";

test.use({ app: "voice" });
// 2.5 s of silence, the question, 3 s of silence; Chromium loops it, so the user "asks" every ~7 s.
test.use({ fakeMic: { say: "Hello, where is my order please?", silenceBeforeSeconds: 2.5, silenceAfterSeconds: 3 } });

test.describe("talking to an agent", () => {
  test("a user hears the greeting, speaks a turn, hears the reply, speaks over it, and all of it is stored", async ({
    page,
  }) => {
    const agentName = `Vera ${Date.now().toString(36)}`;
    const greeting = greetingFor("en-US", { name: agentName, role: "Support Specialist" });
    await installVoiceProbe(page);
    await openVoiceDialog(page, agentName);
    const dialog = page.getByRole("dialog", { name: `Speak to ${agentName}` });
    await expect(dialog.getByRole("timer")).toHaveText("10:00");
    await expect(dialog.getByLabel("Language")).toHaveValue("en-US");
    // The ear is decided and shown before the call starts.
    await expect(dialog.getByText("Hearing you through the server's speech recognition.")).toBeVisible();
    await screenshotBothWidths(page, "voice-dialog-idle");

    await dialog.getByRole("button", { name: "Start voice conversation" }).click();
    await expect(dialog.getByText(greeting)).toBeVisible();
    await expect
      .poll(async () => (await readVoiceProbe(page)).plays, { message: "the greeting played", timeout: 90_000 })
      .toBeGreaterThan(0);

    await expect
      .poll(
        async () => inOrder((await readVoiceProbe(page)).statuses, ["speaking", "listening", "thinking", "speaking"]),
        { message: "greeting, then Listening → Thinking → Speaking", timeout: 120_000 },
      )
      .toBe(true);
    // The Silero detector took the turn, not the 5-second recorder fallback.
    await expect(dialog.locator("[data-listener]")).toHaveAttribute("data-listener", "vad");
    await expect(dialog.locator('[data-role="user"]', { hasText: FAKE_TRANSCRIPT }).first()).toBeVisible();
    const reply = dialog.locator('[data-role="agent"]', { hasText: "Here is a plan." }).first();
    await expect(reply).toBeVisible();
    // Each reply shows how long it took from the end of speech to its first sound.
    await expect(reply.getByText(/^answered in \d+\.\d s$/)).toBeVisible();
    await expect(dialog.getByRole("timer")).not.toHaveText("10:00");
    await screenshotBothWidths(page, "voice-dialog-in-call");

    // The reply is long; the microphone asks again while it plays: the user barges in.
    await expect(reply.getByText("(interrupted)")).toBeVisible({ timeout: 60_000 });
    await expect
      .poll(() => page.evaluate(() => [...document.querySelectorAll("audio")].every((audio) => audio.paused)), {
        message: "the agent stopped speaking",
      })
      .toBe(true);
    // The new turn goes ahead.
    await expect
      .poll(() => dialog.locator('[data-role="user"]').count(), { message: "the words spoken over it became a turn" })
      .toBeGreaterThan(1);
    await screenshotBothWidths(page, "voice-dialog-interrupted");

    await dialog.getByRole("button", { name: "End conversation" }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await readVoiceProbe(page)).liveTracks, { message: "microphone released" }).toBe(0);

    // Stored: the greeting first, the user's words with their clip, the reply cut where the user spoke.
    const storedRecords = await adminVoiceRecords(page, agentName);
    await expect
      .poll(async () => {
        const stored = await storedRecords();
        const [first, ...rest] = stored.messages;
        const user = rest.find((m) => m.role === "user");
        const cut = rest.find((m) => m.role === "assistant" && m.interrupted && m.content !== FAKE_STREAMED_REPLY);
        return {
          greeting: first?.role === "assistant" && greeting.startsWith(first.content) && first.content.length > 0,
          user: user ? [user.content, user.language, user.audio.length > 0] : null,
          replyCutShort: cut ? FAKE_STREAMED_REPLY.startsWith(cut.content) : false,
        };
      })
      .toEqual({ greeting: true, user: [FAKE_TRANSCRIPT, "en-US", true], replyCutShort: true });
  });
});

test("the Voice Help panel shows what this browser and the server support and runs the speech tests", async ({
  page,
  apps,
}) => {
  const user = await createApprovedUser(page.request, apps.voice);
  // The page's own clock, so the synthesis test can be held at "testing" (below).
  await page.clock.install();
  await signInThroughUi(page, user.email, user.password);
  const created = await page.request.post("/api/agents", { data: { name: "Hal Helper", gender: "male" } });
  await page.goto(`/chat/${((await created.json()) as { id: string }).id}`);

  await page.getByRole("button", { name: "Voice Help" }).click();
  const panel = page.getByRole("region", { name: "Voice help" });
  await expect(panel.getByText("Speech recognition", { exact: true })).toBeVisible();
  await expect(panel.getByText("(the server transcribes too)")).toBeVisible();
  await expect(panel.getByText("pending", { exact: true })).toHaveCount(2);

  // Held while it is checked: the test ends at its first 100 ms look once the voice speaks, and
  // a look that short came and went between two of Playwright's on a loaded machine.
  await pausePageClock(page);
  await panel.getByRole("button", { name: "Play synthesis sample" }).click();
  await expect(panel.getByText("testing", { exact: true })).toBeVisible();
  await page.clock.resume();
  await expect(panel.getByText(/^(success|failed)$/)).toBeVisible();

  await panel.getByRole("button", { name: "Run full diagnostics" }).click();
  await expect(panel.getByText("HTTPS / secure context", { exact: true })).toBeVisible();
  await expect(panel.getByText("Microphone permission", { exact: true })).toBeVisible();
  await expect(panel.getByText("Server speech-to-text", { exact: true })).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Recommendations" })).toBeVisible();
  await screenshotBothWidths(page, "voice-help-panel");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
});
