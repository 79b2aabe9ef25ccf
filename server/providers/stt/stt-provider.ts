/** The one interface every speech-to-text backend implements. */
import type { LanguageCode } from "../../../contracts/voice.js";

export interface TranscriptionRequest {
  audio: Buffer;
  mimeType: string;
  language: LanguageCode;
  signal?: AbortSignal;
}

export interface SttProvider {
  readonly kind: "openai-compatible";
  transcribe(request: TranscriptionRequest): Promise<string>;
}
