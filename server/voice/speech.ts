/**
 * Speech in and out for the voice routes: text → a playable data: URL through deps.tts, a
 * recorded data URL → text through deps.stt, and what the server can do (capabilities).
 * Text is made speakable first (no markdown, emoji or full web addresses), whoever sent it.
 * Provider failures become 502s with a readable message; a missing STT server is a 503.
 */
import {
  decodedByteLength,
  DEFAULT_LANGUAGE,
  FALLBACK_VOICE,
  isOpenAiVoice,
  parseAudioDataUrl,
  type AudioDataUrl,
  type LanguageCode,
  type TtsResponse,
  type VoiceCapabilities,
} from "../../contracts/voice.js";
import { AUDIO_MAX_BYTES } from "../../contracts/limits.js";
import type { FeatureDeps } from "../feature-deps.js";
import { apiError, HttpError } from "../http/http-error.js";
import { detectLanguage } from "../conversations/language-detect.js";
import { toSpeakableText } from "../conversations/speakable-text.js";
import { readAloud } from "../conversations/speakable-text-readings.js";

export type SpeechDeps = Pick<FeatureDeps, "tts" | "stt" | "config">;

export interface SynthesisRequest {
  text: string;
  voice: string;
  language?: LanguageCode;
  signal?: AbortSignal;
}

/** The language to speak in: the caller's choice, else a guess from the text, else English. */
export function speechLanguage(text: string, language?: LanguageCode): LanguageCode {
  return language ?? detectLanguage(text) ?? DEFAULT_LANGUAGE;
}

/** OpenAI-compatible servers refuse unknown voice names; espeak maps any name to a variant. */
function providerVoice(deps: SpeechDeps, voice: string): string {
  const name = voice.trim().toLowerCase();
  if (deps.tts.kind === "openai-compatible" && !isOpenAiVoice(name)) return FALLBACK_VOICE;
  return name || FALLBACK_VOICE;
}

/** Synthesises speech as bytes; throws the provider's error (callers decide how to answer). */
export async function synthesizeAudio(
  deps: SpeechDeps,
  request: SynthesisRequest,
): Promise<{ audio: Buffer; mimeType: string }> {
  const text = toSpeakableText(request.text);
  if (!text) throw apiError("NOTHING_TO_SPEAK");
  const language = speechLanguage(text, request.language);
  return deps.tts.synthesize({
    // "#12345", "3/14", "50%", 3月 read as people say them (the transcript keeps them as written).
    text: readAloud(text, language),
    voice: providerVoice(deps, request.voice),
    language,
    signal: request.signal,
  });
}

/** Synthesises speech as a data: URL; throws the provider's error (callers decide how to answer). */
export async function synthesizeDataUrl(deps: SpeechDeps, request: SynthesisRequest): Promise<TtsResponse> {
  const { audio, mimeType } = await synthesizeAudio(deps, request);
  return { audioUrl: `data:${mimeType};base64,${audio.toString("base64")}`, mimeType };
}

/** POST /api/tts: a provider failure is a 502 so the client falls back to speechSynthesis. */
export async function textToSpeech(deps: SpeechDeps, request: SynthesisRequest): Promise<TtsResponse> {
  try {
    return await synthesizeDataUrl(deps, request);
  } catch (error) {
    if (request.signal?.aborted || error instanceof HttpError) throw error;
    throw apiError("TTS_FAILED");
  }
}

/** A validated data URL's parts, refusing (413) more audio than AUDIO_MAX_BYTES. */
export function boundedAudio(audioData: string): AudioDataUrl & { bytes: number } {
  const parsed = parseAudioDataUrl(audioData);
  if ("problem" in parsed) throw apiError("AUDIO_INVALID", { message: parsed.problem });
  const bytes = decodedByteLength(parsed.base64);
  if (bytes > AUDIO_MAX_BYTES) throw apiError("AUDIO_TOO_LARGE");
  return { ...parsed, bytes };
}

export function requireServerStt(deps: SpeechDeps): NonNullable<SpeechDeps["stt"]> {
  if (!deps.stt) throw apiError("STT_UNAVAILABLE");
  return deps.stt;
}

/**
 * Starts transcribing a recorded data URL. Refusals are thrown at once, before any await:
 * 503 without an STT server, 400/413 for bad or oversized audio; a failed transcription
 * rejects with 502.
 */
export function startTranscription(
  deps: SpeechDeps,
  request: { audioData: string; language: LanguageCode; signal?: AbortSignal },
): Promise<string> {
  const stt = requireServerStt(deps);
  const audio = boundedAudio(request.audioData);
  return stt
    .transcribe({
      audio: Buffer.from(audio.base64, "base64"),
      mimeType: audio.mimeType,
      language: request.language,
      signal: request.signal,
    })
    .catch((error: unknown) => {
      if (request.signal?.aborted) throw error;
      throw apiError("STT_FAILED");
    });
}

export function voiceCapabilities(deps: SpeechDeps): VoiceCapabilities {
  return {
    serverStt: deps.stt !== null,
    tts: deps.tts.kind,
    sessionSeconds: deps.config.VOICE_SESSION_SECONDS,
    realtime: Boolean(deps.config.REALTIME_BASE_URL),
  };
}

/**
 * The dialog asks for capabilities as it opens, a second or so before it asks for the
 * greeting: a good moment to load the embedded engine (~0.3 s) off the greeting's path —
 * and, when the call will be in Japanese, its kanji reader (~2 s).
 */
export function warmUpSpeech(deps: SpeechDeps, languages: readonly LanguageCode[] = []): void {
  const tts: unknown = deps.tts;
  if (typeof tts === "object" && tts !== null && "warmUp" in tts && typeof tts.warmUp === "function") {
    void Promise.resolve(tts.warmUp.call(tts, languages)).catch(() => undefined);
  }
}
