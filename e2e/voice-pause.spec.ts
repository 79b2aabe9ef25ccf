/**
 * No lost words (issue 11 point 3): a pause in the middle of an utterance, before any reply
 * audio, does not split it. The fake microphone says one sentence, pauses 0.7 s, says another;
 * with the "long" pause tolerance the turn started at the pause is cancelled when speech
 * resumes, and one turn carrying both sentences replaces it.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { VoiceTurnRequest } from "../contracts/voice";
import { makeSpeechWav } from "../server/providers/tts/speech-wav.js";
import { encodePcm16Wav, readPcm16Samples } from "../server/providers/tts/wav.js";
import { adminVoiceRecords, expect, installVoiceProbe, openVoiceDialog, test as base } from "./support/voice-fake-mic";

const FIRST = "Hello, I need help with my order.";
const SECOND = "It was supposed to arrive last week.";
const PAUSE_SECONDS = 0.7;
// The microphone opens with the call, while the detector is still loading: on a loaded machine
// (stress --cpu 2) it came up 3 s in, mid-sentence, and heard only the end of the utterance.
const BEFORE_SECONDS = 20;
// Long enough that the microphone's loop does not speak again during the test.
const AFTER_SECONDS = 60;
const RATE = 48_000;

interface PauseMic {
  file: string;
  /** Seconds from the first word to the last, pause included. */
  utteranceSeconds: number;
}

/** Below this a 16-bit sample is quiet: espeak's own lead-in and tail. */
const QUIET = 300;

/**
 * The sentence without espeak's quiet before and after it (~0.35 s in all), so the gap between
 * the two sentences is PAUSE_SECONDS as the detector hears it, not a second that would end
 * the turn even at the "long" tolerance (900 ms).
 */
function trimQuiet(samples: Int16Array): Int16Array {
  let start = 0;
  let end = samples.length;
  while (start < end && Math.abs(samples[start]) < QUIET) start++;
  while (end > start && Math.abs(samples[end - 1]) < QUIET) end--;
  return samples.subarray(start, end);
}

async function pauseMic(): Promise<PauseMic> {
  const dir = resolve(".e2e-data/voice-mic");
  const file = `${dir}/pause-trimmed-${BEFORE_SECONDS}-${PAUSE_SECONDS}-${AFTER_SECONDS}.wav`;
  const first = trimQuiet(
    readPcm16Samples(await makeSpeechWav({ text: FIRST, silenceBeforeSeconds: 0, silenceAfterSeconds: 0 })),
  );
  const second = trimQuiet(
    readPcm16Samples(await makeSpeechWav({ text: SECOND, silenceBeforeSeconds: 0, silenceAfterSeconds: 0 })),
  );
  const utteranceSeconds = (first.length + second.length) / RATE + PAUSE_SECONDS;
  if (!existsSync(file)) {
    const parts = [
      new Int16Array(BEFORE_SECONDS * RATE),
      first,
      new Int16Array(Math.round(PAUSE_SECONDS * RATE)),
      second,
      new Int16Array(AFTER_SECONDS * RATE),
    ];
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
  }
  return { file, utteranceSeconds };
}

const test = base.extend<object, { pauseMic: PauseMic }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
  pauseMic: [async ({}, use) => use(await pauseMic()), { scope: "worker" }],
  fakeMicFile: [async ({ pauseMic }, use) => use(pauseMic.file), { scope: "worker" }],
});

test.use({ app: "voice" });

test("a pause mid-utterance before any reply audio makes one turn with both sentences", async ({ page, pauseMic }) => {
  const agentName = `Paz ${Date.now().toString(36)}`;
  const turns: VoiceTurnRequest[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/turn"))
      turns.push(request.postDataJSON() as VoiceTurnRequest);
  });
  await installVoiceProbe(page);
  await openVoiceDialog(page, agentName);
  const dialog = page.getByRole("dialog", { name: `Speak to ${agentName}` });
  await dialog.getByLabel("Pause before reply").selectOption("long");
  await dialog.getByRole("button", { name: "Start voice conversation" }).click();

  const reply = dialog.locator('[data-role="agent"]', { hasText: "Here is a plan." }).first();
  await expect(reply).toBeVisible({ timeout: 180_000 });
  // One user turn in the dialog, and the request behind it carried the whole utterance.
  await expect(dialog.locator('[data-role="user"]')).toHaveCount(1);
  const longest = Math.max(...turns.map((t) => t.recordingMs ?? 0));
  expect(longest).toBeGreaterThanOrEqual(pauseMic.utteranceSeconds * 1000);
  const whole = turns.find((t) => t.recordingMs === longest);
  // The turn started at the pause was replaced, not kept beside it.
  if (turns.length > 1) expect(whole?.replaces).toEqual(expect.any(String));

  await dialog.getByRole("button", { name: "End conversation" }).click();
  await expect(dialog).toBeHidden();
  const storedRecords = await adminVoiceRecords(page, agentName);
  await expect
    .poll(async () => {
      const stored = await storedRecords();
      const users = stored.messages.filter((m) => m.role === "user");
      return {
        userTurns: users.length,
        replies: stored.messages.filter((m) => m.role === "assistant").length,
        clipCoversBoth: (users[0]?.audio[0]?.durationMs ?? 0) >= pauseMic.utteranceSeconds * 1000,
      };
    })
    .toEqual({ userTurns: 1, replies: 2, clipCoversBoth: true });
});
