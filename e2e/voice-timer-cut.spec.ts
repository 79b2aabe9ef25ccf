/**
 * A reply cut by the call's time limit is recorded as it was heard (issue 27, "records that read
 * true"): the caller asks once, the agent's long reply starts to play, and the countdown runs out
 * (the page's clock moved on) while it plays. The dialog ends the call, and the stored reply is
 * marked cut and holds only the words that were played, not the whole reply the model wrote.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { makeSpeechWav } from "../server/providers/tts/speech-wav.js";
import { FAKE_STREAMED_REPLY } from "./support/fake-provider-reply";
import {
  adminVoiceRecords,
  expect,
  installVoiceProbe,
  openVoiceDialog,
  readVoiceProbe,
  test as base,
} from "./support/voice-fake-mic";

// One question after the detector has loaded (as voice-pause.spec.ts), then silence: no barge-in.
const BEFORE_SECONDS = 20;
const AFTER_SECONDS = 120;

async function oneQuestionMic(): Promise<string> {
  const dir = resolve(".e2e-data/voice-mic");
  const file = `${dir}/one-question-${BEFORE_SECONDS}-${AFTER_SECONDS}.wav`;
  if (existsSync(file)) return file;
  const wav = await makeSpeechWav({
    text: "Hello, where is my order please?",
    silenceBeforeSeconds: BEFORE_SECONDS,
    silenceAfterSeconds: AFTER_SECONDS,
  });
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, wav);
  renameSync(partial, file);
  return file;
}

const test = base.extend<object, { oneQuestionMicFile: string }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
  oneQuestionMicFile: [async ({}, use) => use(await oneQuestionMic()), { scope: "worker" }],
  fakeMicFile: [async ({ oneQuestionMicFile }, use) => use(oneQuestionMicFile), { scope: "worker" }],
});

test.use({ app: "voice" });

test("a reply cut by the time limit is stored marked cut, with the words that were played", async ({ page }) => {
  const agentName = `Tara ${Date.now().toString(36)}`;
  // Flowing as usual until the test moves it on.
  await page.clock.install();
  await installVoiceProbe(page);
  await openVoiceDialog(page, agentName);
  const dialog = page.getByRole("dialog", { name: `Speak to ${agentName}` });
  await dialog.getByRole("button", { name: "Start voice conversation" }).click();

  const reply = dialog.locator('[data-role="agent"]', { hasText: "Here is a plan." }).first();
  await expect(reply).toBeVisible({ timeout: 180_000 });
  await expect
    .poll(async () => (await readVoiceProbe(page)).plays, { message: "the greeting and the reply played" })
    .toBeGreaterThan(1);
  await expect(dialog.locator("[data-voice-status]")).toHaveAttribute("data-voice-status", "speaking");

  // The countdown runs out while the reply is still being spoken (~15 s of it).
  const [minutes, seconds] = (await dialog.getByRole("timer").innerText()).split(":").map(Number);
  await page.clock.runFor((minutes * 60 + seconds + 1) * 1000);
  await expect(page.getByText("Conversation Ended", { exact: true })).toBeVisible();

  const storedRecords = await adminVoiceRecords(page, agentName);
  await expect
    .poll(async () => {
      const { messages } = await storedRecords();
      const cut = messages.filter((m) => m.role === "assistant").slice(1)[0];
      return {
        marked: cut?.interrupted ?? null,
        playedStart: cut ? cut.content.length > 0 && FAKE_STREAMED_REPLY.startsWith(cut.content) : false,
        shorterThanWritten: cut ? cut.content.length < FAKE_STREAMED_REPLY.length : false,
      };
    })
    .toEqual({ marked: true, playedStart: true, shorterThanWritten: true });
});
