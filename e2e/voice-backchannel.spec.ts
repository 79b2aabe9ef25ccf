/**
 * A backchannel does not interrupt (issue 27): in an Italian call the caller says "Certo." —
 * a turn while the agent listens — and, while the agent's long reply plays, "Certo." again.
 * The second is heard (the detector ends it and the dialog asks the transcriber for its words),
 * judged an acknowledgement, and the reply plays on to its end: it is not marked interrupted
 * and no turn is stored for it. The journeys' fake transcriber answers "Certo." only when asked
 * for Italian (fake-provider-server.ts), so every clip of this call is heard as the word.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { makeSpeechWav } from "../server/providers/tts/speech-wav.js";
import { encodePcm16Wav, readPcm16Samples } from "../server/providers/tts/wav.js";
import { FAKE_ITALIAN_TRANSCRIPT, FAKE_STREAMED_REPLY } from "./support/fake-provider-reply";
import { adminVoiceRecords, expect, installVoiceProbe, openVoiceDialog, test as base } from "./support/voice-fake-mic";

// The detector loads while the microphone is already open: the first word comes after it (as voice-pause.spec.ts).
const BEFORE_SECONDS = 20;
// The reply to the first "Certo." (~15 s spoken) is playing by then.
const GAP_SECONDS = 5;
const AFTER_SECONDS = 60;
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
  const file = `${dir}/backchannel-it-${BEFORE_SECONDS}-${GAP_SECONDS}-${AFTER_SECONDS}.wav`;
  if (existsSync(file)) return file;
  const word = trimQuiet(
    readPcm16Samples(
      await makeSpeechWav({ text: "Certo.", language: "it-IT", silenceBeforeSeconds: 0, silenceAfterSeconds: 0 }),
    ),
  );
  const parts = [
    new Int16Array(BEFORE_SECONDS * RATE),
    word,
    new Int16Array(GAP_SECONDS * RATE),
    word,
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

  // The first "Certo." is a turn, answered with the long reply.
  await expect(dialog.locator('[data-role="user"]', { hasText: FAKE_ITALIAN_TRANSCRIPT })).toHaveCount(1, {
    timeout: 180_000,
  });
  const reply = dialog.locator('[data-role="agent"]', { hasText: "Here is a plan." }).first();
  await expect(reply).toBeVisible();
  // The second, over the reply: the dialog asks for its words (a backchannel check, not a turn)…
  await expect
    .poll(() => transcriptions.length, { message: "the words spoken over the reply were checked", timeout: 60_000 })
    .toBeGreaterThan(0);
  // …and the reply plays on to its end: the call listens again with the reply whole.
  await expect(dialog.locator("[data-voice-status]")).toHaveAttribute("data-voice-status", "listening", {
    timeout: 60_000,
  });
  await expect(reply).toContainText("measure replies for two weeks.");
  await expect(reply.getByText("(interrupted)")).toHaveCount(0);
  await expect(dialog.locator('[data-role="user"]')).toHaveCount(1);

  await dialog.getByRole("button", { name: "End conversation" }).click();
  await expect(dialog).toBeHidden();
  const storedRecords = await adminVoiceRecords(page, agentName);
  await expect
    .poll(async () => {
      const { messages } = await storedRecords();
      const replies = messages.filter((m) => m.role === "assistant").slice(1);
      return {
        userTurns: messages.filter((m) => m.role === "user").map((m) => m.content),
        replyWhole: replies.length === 1 && replies[0].content === FAKE_STREAMED_REPLY && !replies[0].interrupted,
      };
    })
    .toEqual({ userTurns: [FAKE_ITALIAN_TRANSCRIPT], replyWhole: true });
});
