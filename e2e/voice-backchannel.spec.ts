/**
 * A backchannel does not interrupt (issue 27): in an Italian call the caller says "Certo."
 * every ~5 s (the microphone's file loops). Said while the agent listens it is a turn; said
 * while the agent's long reply (~15 s) plays it is heard (the detector ends it and the dialog
 * asks the transcriber for its words), judged an acknowledgement, and the reply plays on to its
 * end: not marked interrupted, and no turn is shown or stored for it. The journeys' fake
 * transcriber answers "Certo." only when asked for Italian (fake-provider-server.ts).
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { makeSpeechWav } from "../server/providers/tts/speech-wav.js";
import { encodePcm16Wav, readPcm16Samples } from "../server/providers/tts/wav.js";
import { FAKE_ITALIAN_TRANSCRIPT, FAKE_STREAMED_REPLY } from "./support/fake-provider-reply";
import { adminVoiceRecords, expect, installVoiceProbe, openVoiceDialog, test as base } from "./support/voice-fake-mic";

// Looped by Chromium: a word every ~5 s, so a detector that loads late on a busy machine still hears one.
const BEFORE_SECONDS = 1.5;
const AFTER_SECONDS = 3.5;
const RATE = 48_000;
const QUIET = 300;

function trimQuiet(samples: Int16Array): Int16Array {
  let start = 0;
  let end = samples.length;
  while (start < end && Math.abs(samples[start]) < QUIET) start++;
  while (end > start && Math.abs(samples[end - 1]) < QUIET) end--;
  return samples.subarray(start, end);
}

async function backchannelMic(): Promise<string> {
  const dir = resolve(".e2e-data/voice-mic");
  const file = `${dir}/backchannel-it-${BEFORE_SECONDS}-${AFTER_SECONDS}.wav`;
  if (existsSync(file)) return file;
  const word = trimQuiet(
    readPcm16Samples(
      await makeSpeechWav({ text: "Certo.", language: "it-IT", silenceBeforeSeconds: 0, silenceAfterSeconds: 0 }),
    ),
  );
  const parts = [new Int16Array(BEFORE_SECONDS * RATE), word, new Int16Array(AFTER_SECONDS * RATE)];
  const samples = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    samples.set(part, at);
    at += part.length;
  }
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, encodePcm16Wav(samples, RATE));
  renameSync(partial, file);
  return file;
}

const test = base.extend<object, { backchannelMicFile: string }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
  backchannelMicFile: [async ({}, use) => use(await backchannelMic()), { scope: "worker" }],
  fakeMicFile: [async ({ backchannelMicFile }, use) => use(backchannelMicFile), { scope: "worker" }],
});

test.use({ app: "voice" });

test("an acknowledgement spoken over the agent's reply does not interrupt it and is not stored", async ({ page }) => {
  const agentName = `Bice ${Date.now().toString(36)}`;
  const transcriptions: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/stt")) transcriptions.push(request.url());
  });
  await installVoiceProbe(page);
  await openVoiceDialog(page, agentName);
  const dialog = page.getByRole("dialog", { name: `Speak to ${agentName}` });
  await dialog.getByLabel("Language").selectOption("it-IT");
  await dialog.getByRole("button", { name: "Start voice conversation" }).click();

  // A "Certo." while the agent listens is a turn, answered with the long reply.
  const userLines = dialog.locator('[data-role="user"]');
  await expect(userLines.filter({ hasText: FAKE_ITALIAN_TRANSCRIPT }).first()).toBeVisible({ timeout: 180_000 });
  const reply = dialog.locator('[data-role="agent"]', { hasText: "Here is a plan." }).first();
  await expect(reply).toBeVisible();
  const checksBefore = transcriptions.length;
  // The next turn comes only once the reply has played to its end: the words said over it
  // meanwhile were checked (POST /api/stt) and let it go on, with no line of their own.
  await expect(userLines).toHaveCount(2, { timeout: 120_000 });
  expect(transcriptions.length, "words spoken over the reply were checked").toBeGreaterThan(checksBefore);
  await expect(reply).toContainText("measure replies for two weeks.");
  await expect(reply.getByText("(interrupted)")).toHaveCount(0);

  const shownTurns = await userLines.count();
  await dialog.getByRole("button", { name: "End conversation" }).click();
  await expect(dialog).toBeHidden();
  const storedRecords = await adminVoiceRecords(page, agentName);
  await expect
    .poll(async () => {
      const { messages } = await storedRecords();
      const first = messages.filter((m) => m.role === "assistant")[1];
      const users = messages.filter((m) => m.role === "user");
      return {
        // Only the turns the dialog showed were stored: none for the words said over a reply.
        userTurnsAsShown: users.length === shownTurns && users.every((m) => m.content === FAKE_ITALIAN_TRANSCRIPT),
        firstReplyWhole: first?.content === FAKE_STREAMED_REPLY && !first.interrupted,
      };
    })
    .toEqual({ userTurnsAsShown: true, firstReplyWhole: true });
});
