/**
 * The honest ear (issue 11 point 1): in a browser that cannot recognise speech and on a server
 * without speech-to-text, the dialog says so at once and the call runs on typed turns — each
 * answered aloud, the countdown running, and the conversation stored with its greeting.
 */
import { greetingFor } from "../web/features/voice/greetings";
import { FAKE_STREAMED_REPLY } from "./support/fake-provider-reply";
import { screenshotBothWidths } from "./support/journeys";
import {
  adminVoiceRecords,
  expect,
  inOrder,
  installVoiceProbe,
  openVoiceDialog,
  readVoiceProbe,
  test,
} from "./support/voice-fake-mic";

// The model app: a language model, but no server speech-to-text.
test.use({ app: "model" });

test("without speech recognition the dialog says so at once, and a typed turn gets a spoken reply that is stored after the greeting", async ({
  page,
}) => {
  const agentName = `Tess ${Date.now().toString(36)}`;
  const question = "Where is my order please?";
  await installVoiceProbe(page);
  await page.addInitScript(() => {
    const scope = window as unknown as Record<string, unknown>;
    delete scope.SpeechRecognition;
    delete scope.webkitSpeechRecognition;
  });
  await openVoiceDialog(page, agentName);
  const dialog = page.getByRole("dialog", { name: `Speak to ${agentName}` });
  await expect(dialog.getByText("Speech can't be recognised in this browser.", { exact: false })).toBeVisible({
    timeout: 3_000,
  });
  await expect(dialog.getByText("This browser has no speech recognition.", { exact: false })).toBeVisible();
  await screenshotBothWidths(page, "voice-dialog-typed-idle");

  await dialog.getByRole("button", { name: "Start voice conversation" }).click();
  await expect(dialog.getByText(greetingFor("en-US", { name: agentName, role: "Support Specialist" }))).toBeVisible();
  const box = dialog.getByLabel("Type your message");
  // Enabled once the greeting has been spoken and the call listens.
  await expect(box).toBeEnabled({ timeout: 60_000 });
  await box.fill(question);
  await box.press("Enter");

  await expect(dialog.locator('[data-role="user"]', { hasText: question })).toBeVisible();
  const reply = dialog.locator('[data-role="agent"]', { hasText: "Here is a plan." }).first();
  await expect(reply).toBeVisible();
  await expect
    .poll(async () => inOrder((await readVoiceProbe(page)).statuses, ["listening", "thinking", "speaking"]), {
      message: "the typed turn was thought about, then spoken",
      timeout: 60_000,
    })
    .toBe(true);
  await expect
    .poll(async () => (await readVoiceProbe(page)).plays, { message: "greeting and reply played" })
    .toBeGreaterThan(1);
  await expect(reply.getByText(/^answered in \d+\.\d s$/)).toBeVisible();
  await expect(dialog.getByRole("timer")).not.toHaveText("10:00");
  await screenshotBothWidths(page, "voice-dialog-typed-in-call");

  // A reply cut by hanging up is stored as far as it was heard (issue 27), so the call ends only
  // once the whole reply has been spoken and the call listens again.
  await expect
    .poll(async () => inOrder((await readVoiceProbe(page)).statuses, ["thinking", "speaking", "listening"]), {
      message: "the reply was spoken to the end",
      timeout: 60_000,
    })
    .toBe(true);
  await dialog.getByRole("button", { name: "End conversation" }).click();
  await expect(dialog).toBeHidden();

  const storedRecords = await adminVoiceRecords(page, agentName);
  await expect
    .poll(async () => {
      const stored = await storedRecords();
      return stored.messages.map((m) => [m.role, m.content]);
    })
    .toEqual([
      ["assistant", greetingFor("en-US", { name: agentName, role: "Support Specialist" })],
      ["user", question],
      ["assistant", FAKE_STREAMED_REPLY],
    ]);
});
