/** The one interface every text-to-speech backend implements. */
import type { LanguageCode } from "../../../contracts/voice.js";

export interface SpeechRequest {
  text: string;
  /** OpenAI voice name (alloy, nova, shimmer, echo, fable, onyx). */
  voice: string;
  language: LanguageCode;
  signal?: AbortSignal;
}

export interface SpeechAudio {
  audio: Buffer;
  /** e.g. audio/wav or audio/mpeg */
  mimeType: string;
}

export interface TtsProvider {
  readonly kind: "openai-compatible" | "espeak-ng";
  synthesize(request: SpeechRequest): Promise<SpeechAudio>;
  close?(): Promise<void>;
}
