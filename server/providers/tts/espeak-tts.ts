/**
 * The embedded, offline text-to-speech backend: eSpeak NG compiled to WebAssembly, run in a
 * pool of worker threads (espeak-pool.ts) so synthesis never blocks the server's event loop
 * and concurrent calls are spoken side by side. Japanese is spelled as kana first
 * (japanese-reader.ts), since espeak reads every kanji as "Chinese letter". Finished audio is
 * kept in a small LRU cache keyed by a hash of what was said and how, so greetings come back
 * at once.
 */
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import type { LanguageCode } from "../../../contracts/voice.js";
import { createEspeakPool } from "./espeak-pool.js";
import { createJapaneseReader } from "./japanese-reader.js";
import { SpeechCache } from "./speech-cache.js";
import type { SpeechAudio, SpeechRequest, TtsProvider } from "./tts-provider.js";
import { untilAborted } from "./worker-thread.js";

/** Voices that exist in the package's bundled espeak-ng-data (see `espeak-ng --voices`). */
export const ESPEAK_VOICE_BY_LANGUAGE = {
  "en-US": "en-us",
  "es-ES": "es",
  "fr-FR": "fr-fr",
  "de-DE": "de",
  "it-IT": "it",
  "pt-PT": "pt",
  "ja-JP": "ja",
  "ko-KR": "ko",
  "zh-CN": "cmn",
} as const satisfies Record<LanguageCode, string>;

/**
 * eSpeak has no named voices like OpenAI's, so the OpenAI name stands in for gender: its
 * variants (espeak-ng-data/voices/!v) change pitch and formants. alloy keeps espeak's default.
 */
const VARIANT_BY_OPENAI_VOICE = new Map<string, string>([
  ["nova", "f3"],
  ["shimmer", "f4"],
  ["echo", "m3"],
  ["fable", "m2"],
  ["onyx", "m1"],
]);

/** The espeak `-v` argument for a language and an OpenAI voice name, e.g. "de+m3". */
export function espeakVoiceFor(language: LanguageCode, openAiVoice: string): string {
  const base = ESPEAK_VOICE_BY_LANGUAGE[language];
  const variant = VARIANT_BY_OPENAI_VOICE.get(openAiVoice.toLowerCase());
  return variant ? `${base}+${variant}` : base;
}

export interface EspeakTtsOptions {
  /** espeak's default is 175; a little slower is easier to follow over a call. */
  wordsPerMinute?: number;
  cacheEntries?: number;
  /** Long replies make large WAVs (~2.6 MB a minute), so the cache is bounded by size too. */
  cacheBytes?: number;
  /** Engine worker threads; by default one per core (TTS_WORKERS). */
  workers?: number;
}

/** One synthesis with what the engine was given and said: for tests and diagnostics. */
export interface SpeechTrace {
  audio: Buffer;
  /** The text espeak read: for Japanese, the kana spelling. */
  spokenText: string;
  /** espeak's phoneme mnemonics (`-x`). */
  phonemes: string;
  /** Which pool worker spoke it. */
  worker: number;
}

export interface EspeakTts extends TtsProvider {
  readonly kind: "espeak-ng";
  readonly workers: number;
  /**
   * Starts the workers and loads the engine now rather than on the first request; with
   * Japanese among `languages`, the Japanese reader too.
   */
  warmUp(languages?: readonly LanguageCode[]): Promise<{ loadMs: number }>;
  /** Synthesises without the cache and returns what was spoken, phonemes included. */
  trace(request: SpeechRequest): Promise<SpeechTrace>;
  close(): Promise<void>;
}

const DEFAULT_WORDS_PER_MINUTE = 160;
const DEFAULT_CACHE_ENTRIES = 200;
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
const CLOSED = "espeak-ng engine is closed";

export function createEspeakTts(options: EspeakTtsOptions = {}): EspeakTts {
  const wordsPerMinute = options.wordsPerMinute ?? DEFAULT_WORDS_PER_MINUTE;
  const cache = new SpeechCache(
    options.cacheEntries ?? DEFAULT_CACHE_ENTRIES,
    options.cacheBytes ?? DEFAULT_CACHE_BYTES,
  );
  const pool = createEspeakPool(options.workers ?? availableParallelism());
  const japanese = createJapaneseReader();
  let closed = false;

  /** What espeak should read: Japanese words spelled in kana, everything else as written. */
  function readableText(request: SpeechRequest, text: string): Promise<string> {
    return request.language === "ja-JP" ? japanese.spell(text, request.signal) : Promise.resolve(text);
  }

  return {
    kind: "espeak-ng",
    workers: pool.size,

    async warmUp(languages = []) {
      if (closed) throw new Error(CLOSED);
      const [engine] = await Promise.all([pool.warmUp(), languages.includes("ja-JP") ? japanese.warmUp() : undefined]);
      return engine;
    },

    async synthesize(request: SpeechRequest): Promise<SpeechAudio> {
      if (closed) throw new Error(CLOSED);
      const text = request.text.trim();
      const voice = espeakVoiceFor(request.language, request.voice);
      const cacheKey = createHash("sha256")
        .update(JSON.stringify([request.language, voice, wordsPerMinute, text]))
        .digest("hex");
      const cached = cache.get(cacheKey);
      // A copy, so a caller that edits its buffer cannot change what later callers get.
      if (cached) return { audio: Buffer.from(cached), mimeType: "audio/wav" };
      const spokenText = await readableText(request, text);
      const work = pool.run({ voice, text: spokenText, wordsPerMinute }, request.signal).then(({ wav }) => {
        // Cached even if the caller gave up: the same phrase is likely to be asked for again.
        cache.set(cacheKey, wav);
        return wav;
      });
      // A caller that left does not hear about a failure either.
      work.catch(() => undefined);
      const wav = await untilAborted(work, request.signal);
      return { audio: Buffer.from(wav), mimeType: "audio/wav" };
    },

    async trace(request: SpeechRequest): Promise<SpeechTrace> {
      if (closed) throw new Error(CLOSED);
      const voice = espeakVoiceFor(request.language, request.voice);
      const spokenText = await readableText(request, request.text.trim());
      const result = await pool.run({ voice, text: spokenText, wordsPerMinute, tracePhonemes: true }, request.signal);
      return { audio: result.wav, spokenText, phonemes: result.phonemes ?? "", worker: result.worker };
    },

    async close() {
      closed = true;
      await Promise.all([pool.close(), japanese.close()]);
    },
  };
}
