/**
 * Speech-to-text through any OpenAI-compatible `/audio/transcriptions` endpoint (OpenAI
 * Whisper, whisper.cpp server, faster-whisper servers…), via the `openai` SDK.
 */
import { createOpenAiClient } from "../openai-client.js";
import { toFile } from "openai";
import type { SttProvider, TranscriptionRequest } from "./stt-provider.js";
import { providerErrorText } from "../../http/credential-redaction.js";

export interface OpenAiCompatibleSttOptions {
  baseUrl: string;
  /** Local servers usually need none. */
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** Whisper servers detect the container from the file name, so the extension must be right. */
const EXTENSION_OF_MIME_TYPE: Record<string, string> = {
  "audio/webm": "webm",
  "audio/ogg": "ogg",
  "audio/wav": "wav",
  "audio/wave": "wav",
  "audio/x-wav": "wav",
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "audio/mp4": "m4a",
  "audio/x-m4a": "m4a",
  "audio/aac": "m4a",
  "audio/flac": "flac",
};

export function createOpenAiCompatibleStt(options: OpenAiCompatibleSttOptions): SttProvider {
  const client = createOpenAiClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });

  return {
    kind: "openai-compatible",
    async transcribe(request: TranscriptionRequest): Promise<string> {
      const mimeType = request.mimeType.split(";")[0]?.trim().toLowerCase() ?? "";
      const extension = EXTENSION_OF_MIME_TYPE[mimeType] ?? "webm";
      try {
        const file = await toFile(request.audio, `speech.${extension}`, { type: mimeType || "audio/webm" });
        const result = await client.audio.transcriptions.create(
          // Whisper takes ISO-639-1 ("de"), not the BCP 47 tag the app uses ("de-DE").
          { file, model: options.model, language: isoLanguage(request.language) },
          { signal: request.signal },
        );
        // The SDK's type promises text; a stranger's server may not keep the promise.
        const text: unknown = result.text;
        if (typeof text !== "string") throw new Error("the service returned no text");
        return text.trim();
      } catch (error) {
        // Not the SDK's error as `cause`: its message and stack repeat the provider's body verbatim.
        // eslint-disable-next-line preserve-caught-error -- the cause would carry the provider's unredacted text
        throw new Error(
          `Transcription failed: ${providerErrorText(error instanceof Error ? error.message : String(error))}`,
        );
      }
    },
  };
}

function isoLanguage(language: string): string {
  return language.split("-")[0]?.toLowerCase() ?? language;
}
