/**
 * Writes a spoken-text WAV for Chromium's fake microphone, using the embedded eSpeak engine:
 *   npx tsx scripts/make-speech-wav.ts --text "Hello there" --language en-US --out hello.wav \
 *     [--voice nova] [--silence-before 1.0] [--silence-after 2.0] [--sample-rate 48000]
 * Tests that need the file programmatically import makeSpeechWav from
 * server/providers/tts/speech-wav.ts instead.
 */
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { LanguageCodeSchema } from "../contracts/voice.js";
import { makeSpeechWav, SPEECH_WAV_DEFAULTS } from "../server/providers/tts/speech-wav.js";

function positiveNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0)
    throw new Error(`--${flag} must be a number of zero or more, got "${value}"`);
  return parsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      text: { type: "string" },
      language: { type: "string", default: SPEECH_WAV_DEFAULTS.language },
      voice: { type: "string" },
      out: { type: "string" },
      "silence-before": { type: "string" },
      "silence-after": { type: "string" },
      "sample-rate": { type: "string" },
    },
  });
  if (!values.text || !values.out)
    throw new Error("usage: make-speech-wav --text <text> --out <file.wav> [--language en-US]");
  const language = LanguageCodeSchema.safeParse(values.language);
  if (!language.success) throw new Error(language.error.issues.map((issue) => issue.message).join("; "));
  const wav = await makeSpeechWav({
    text: values.text,
    language: language.data,
    voice: values.voice,
    silenceBeforeSeconds: positiveNumber("silence-before", values["silence-before"]),
    silenceAfterSeconds: positiveNumber("silence-after", values["silence-after"]),
    sampleRate: positiveNumber("sample-rate", values["sample-rate"]),
  });
  await writeFile(values.out, wav);
  process.stderr.write(`wrote ${values.out} (${wav.length} bytes)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
