/**
 * Builds a WAV of spoken text for Chromium's `--use-file-for-fake-audio-capture`, so browser
 * tests can "talk" to the voice UI. Chromium wants 16-bit PCM; we give it mono at 48 kHz
 * (resampled from espeak's 22050 Hz) with silence on both sides, because the page's
 * voice-activity detector only ends an utterance once it has heard the speech stop.
 */
import type { LanguageCode } from "../../../contracts/voice.js";
import { createEspeakTts } from "./espeak-tts.js";
import type { TtsProvider } from "./tts-provider.js";
import { encodePcm16Wav, parseWav, readPcm16Samples, resampleLinear, silence } from "./wav.js";

export interface SpeechWavOptions {
  text: string;
  language?: LanguageCode;
  /** OpenAI voice name, used by espeak as a proxy for gender. */
  voice?: string;
  silenceBeforeSeconds?: number;
  silenceAfterSeconds?: number;
  sampleRate?: number;
  /** An engine to reuse (it must answer with WAV); by default one is started and closed. */
  tts?: TtsProvider;
}

export const SPEECH_WAV_DEFAULTS = {
  language: "en-US",
  voice: "alloy",
  silenceBeforeSeconds: 1,
  silenceAfterSeconds: 2,
  sampleRate: 48_000,
} as const satisfies Partial<SpeechWavOptions>;

export async function makeSpeechWav(options: SpeechWavOptions): Promise<Buffer> {
  const sampleRate = options.sampleRate ?? SPEECH_WAV_DEFAULTS.sampleRate;
  const tts = options.tts ?? createEspeakTts({ cacheEntries: 0 });
  try {
    const { audio } = await tts.synthesize({
      text: options.text,
      language: options.language ?? SPEECH_WAV_DEFAULTS.language,
      voice: options.voice ?? SPEECH_WAV_DEFAULTS.voice,
    });
    const info = parseWav(audio);
    if (info.channels !== 1) throw new Error(`expected mono speech, got ${info.channels} channels`);
    const speech = resampleLinear(readPcm16Samples(audio, info), info.sampleRate, sampleRate);
    const before = silence(options.silenceBeforeSeconds ?? SPEECH_WAV_DEFAULTS.silenceBeforeSeconds, sampleRate);
    const after = silence(options.silenceAfterSeconds ?? SPEECH_WAV_DEFAULTS.silenceAfterSeconds, sampleRate);
    const samples = new Int16Array(before.length + speech.length + after.length);
    samples.set(speech, before.length);
    return encodePcm16Wav(samples, sampleRate);
  } finally {
    if (!options.tts) await tts.close?.();
  }
}
