/**
 * Text-to-speech through any OpenAI-compatible `/audio/speech` endpoint (OpenAI, Kokoro-FastAPI,
 * openedai-speech, LocalAI…), via the `openai` SDK.
 */
import { createOpenAiClient } from "../openai-client.js";
import type { SpeechAudio, SpeechRequest, TtsProvider } from "./tts-provider.js";
import { providerErrorText } from "../../http/credential-redaction.js";

export type SpeechFormat = "mp3" | "wav";

export interface OpenAiCompatibleTtsOptions {
  baseUrl: string;
  /** Local servers usually need none. */
  apiKey?: string;
  model: string;
  /** mp3 is small on the wire; wav starts faster on servers that stream raw PCM. */
  responseFormat?: SpeechFormat;
  timeoutMs?: number;
}

const MIME_TYPE_OF_FORMAT: Record<SpeechFormat, string> = { mp3: "audio/mpeg", wav: "audio/wav" };
const DEFAULT_TIMEOUT_MS = 30_000;

export function createOpenAiCompatibleTts(options: OpenAiCompatibleTtsOptions): TtsProvider {
  const format = options.responseFormat ?? "mp3";
  const client = createOpenAiClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });

  return {
    kind: "openai-compatible",
    async synthesize(request: SpeechRequest): Promise<SpeechAudio> {
      // OpenAI voices are multilingual: the language is carried by the text itself.
      let response: Response;
      let audio: Buffer;
      try {
        response = await client.audio.speech.create(
          { model: options.model, voice: request.voice, input: request.text, response_format: format },
          { signal: request.signal },
        );
        audio = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        // Not the SDK's error as `cause`: its message and stack repeat the provider's body verbatim.
        // eslint-disable-next-line preserve-caught-error -- the cause would carry the provider's unredacted text
        throw new Error(
          `Text-to-speech failed: ${providerErrorText(error instanceof Error ? error.message : String(error))}`,
        );
      }
      if (audio.length === 0) throw new Error("Text-to-speech failed: the service returned no audio");
      return { audio, mimeType: audioMimeType(response.headers.get("content-type"), format) };
    },
  };
}

/** Trusts the server's content type when it names audio (some servers ignore response_format). */
function audioMimeType(contentType: string | null, requested: SpeechFormat): string {
  const declared = contentType?.split(";")[0]?.trim().toLowerCase();
  return declared?.startsWith("audio/") ? declared : MIME_TYPE_OF_FORMAT[requested];
}
