/** Voice languages, voices and voice payloads (spec sections 3, 7 and 9), plus the voice turn's event stream. */
import { z } from "zod";
import { CHAT_MESSAGE_MAX, TTS_TEXT_MAX } from "./limits.js";
import { DEFAULT_LANGUAGE, FALLBACK_VOICE, LANGUAGE_CODES } from "./voice-languages.js";
import type { ChatSseToolCall, ChatSseToolResult } from "./chat.js";
import type { ApiErrorBody } from "./errors.js";

export {
  DEFAULT_LANGUAGE,
  FALLBACK_VOICE,
  isOpenAiVoice,
  LANGUAGE_CODES,
  OPENAI_VOICES,
  VOICE_LANGUAGES,
  voiceForAgent,
  type LanguageCode,
  type OpenAiVoice,
} from "./voice-languages.js";

export const LanguageCodeSchema = z.enum(LANGUAGE_CODES, {
  error: `language must be one of ${LANGUAGE_CODES.join(", ")}`,
});

export const TtsRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, "text is required")
    .max(TTS_TEXT_MAX, `text must be at most ${TTS_TEXT_MAX} characters`),
  voice: z.string().max(40).default(FALLBACK_VOICE),
  /** Without it the server guesses the language from the text (embedded engine only). */
  language: LanguageCodeSchema.optional(),
  gender: z.string().max(40).optional(),
});
export type TtsRequest = z.input<typeof TtsRequestSchema>;
export const TtsResponseSchema = z.object({
  /** A data: URL (see docs/api.md "## Voice" for why not a fetched URL). */
  audioUrl: z.string().describe("The speech as a base64 data: URL"),
  mimeType: z.string(),
});
export type TtsResponse = z.infer<typeof TtsResponseSchema>;

/** The parts of a base64 audio data URL; the bytes are decoded only by whoever stores or sends them. */
export interface AudioDataUrl {
  mimeType: string;
  base64: string;
}

const DATA_URL_HEADER = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)((?:;[a-z0-9.+-]+=[a-z0-9.+-]+)*);base64$/i;
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;

/** Reads a data URL, or says in words what is wrong with it. Linear in its length (it may be ~11 MB). */
export function parseAudioDataUrl(value: string): AudioDataUrl | { problem: string } {
  const comma = value.indexOf(",");
  const header = comma === -1 ? null : DATA_URL_HEADER.exec(value.slice(0, comma));
  if (!header) return { problem: "audioData must be a base64 data URL, like data:audio/webm;base64,…" };
  const mimeType = header[1].toLowerCase();
  if (!mimeType.startsWith("audio/")) return { problem: `audioData must be audio, not ${mimeType}` };
  const base64 = value.slice(comma + 1);
  if (base64.length === 0 || !BASE64_BODY.test(base64)) return { problem: "audioData is not valid base64" };
  return { mimeType: mimeType + header[2].toLowerCase(), base64 };
}

/** Bytes a base64 text decodes to, without decoding it. */
export function decodedByteLength(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** Shape only; the size bound is checked by the service so that it can answer 413, not 400. */
export const AudioDataUrlSchema = z.string({ error: "audioData is required" }).superRefine((value, ctx) => {
  const parsed = parseAudioDataUrl(value);
  if ("problem" in parsed) ctx.addIssue({ code: "custom", message: parsed.problem });
});

export const SttRequestSchema = z.object({
  audioData: AudioDataUrlSchema,
  language: LanguageCodeSchema.default(DEFAULT_LANGUAGE),
});
export type SttRequest = z.input<typeof SttRequestSchema>;
export const SttResponseSchema = z.object({ text: z.string() });
export type SttResponse = z.infer<typeof SttResponseSchema>;

export const SttUnavailableMessage =
  "Speech-to-text is not configured on the server; the browser's own speech recognition is used instead.";

export const VOICE_GREETING_MAX = 1000;

export const VoiceConversationCreateSchema = z.object({
  agentId: z.string({ error: "agentId is required" }).min(1, "agentId is required"),
  title: z.string().trim().max(200, "title must be at most 200 characters").optional(),
  /**
   * What the agent says first. Stored as the conversation's first assistant message; the server
   * synthesises and stores its audio in the background, never delaying the answer.
   */
  greeting: z
    .string()
    .trim()
    .max(VOICE_GREETING_MAX, `greeting must be at most ${VOICE_GREETING_MAX} characters`)
    .optional(),
  /** The greeting's language (stored on it and spoken in it); guessed from its text when absent. */
  language: LanguageCodeSchema.optional(),
});
export type VoiceConversationCreate = z.input<typeof VoiceConversationCreateSchema>;
export const VoiceConversationCreatedSchema = z.object({
  id: z.string(),
  /** The stored greeting's message id; null when no (or an empty) greeting was sent. */
  greetingMessageId: z.string().nullable(),
});
export type VoiceConversationCreated = z.infer<typeof VoiceConversationCreatedSchema>;

const VoiceMessageSchema = z
  .string({ error: "message is required" })
  .trim()
  .min(1, "Message cannot be empty")
  .max(CHAT_MESSAGE_MAX, `message must be at most ${CHAT_MESSAGE_MAX} characters`);

export const VoiceChatRequestSchema = z.object({
  message: VoiceMessageSchema,
  language: LanguageCodeSchema.default(DEFAULT_LANGUAGE),
});
export type VoiceChatRequest = z.input<typeof VoiceChatRequestSchema>;
export const VoiceChatResponseSchema = z.object({
  response: z.string(),
  /** Guessed from what the user said; the reply still uses the selected language. */
  detectedLanguage: LanguageCodeSchema,
  securityLock: z.boolean(),
});
export type VoiceChatResponse = z.infer<typeof VoiceChatResponseSchema>;

/** The longest clip the client may claim to have recorded: an hour, far past any session. */
export const RECORDING_MS_MAX = 60 * 60 * 1000;

/** A message id in a path or body; anything else names no message (404 / 400). */
const messageIdSchema = (name: string) => z.uuid({ error: `${name} must be a message id (a UUID)` });

export const SaveAudioSchema = z.object({
  audioData: AudioDataUrlSchema,
  /** The user message this clip is the recording of (the `stored` event's userMessageId). */
  messageId: messageIdSchema("messageId").optional(),
  /** The client's measured length of the clip, in ms: kept when the container (e.g. WebM) does not say. */
  recordingMs: z.number().int().min(0).max(RECORDING_MS_MAX).optional(),
});
export type SaveAudio = z.input<typeof SaveAudioSchema>;
export const SaveAudioResponseSchema = z.object({ id: z.string() });
export type SaveAudioResponse = z.infer<typeof SaveAudioResponseSchema>;

/** A streaming turn: either what was said as text, or the recording for the server to transcribe. */
export const VoiceTurnRequestSchema = z
  .object({
    message: VoiceMessageSchema.optional(),
    audioData: AudioDataUrlSchema.optional(),
    language: LanguageCodeSchema.default(DEFAULT_LANGUAGE),
    /**
     * A user message of this conversation whose turn the client cancelled before any reply
     * audio played (speech resumed): it and any reply stored for it are deleted in the same
     * transaction that stores this turn's message, which carries the whole utterance.
     */
    replaces: messageIdSchema("replaces").optional(),
    /** The client's measured length of its clip, in ms (the recording the user spoke). */
    recordingMs: z.number().int().min(0).max(RECORDING_MS_MAX).optional(),
    /**
     * The turn was ended by a pause, not for certain: when its transcript ends mid-thought
     * (voice-turn-taking.ts endsMidThought) nothing is stored, no model is asked, nothing is
     * charged, and the stream answers `incomplete` so the client listens on.
     */
    holdIfUnfinished: z.boolean().optional(),
  })
  .refine((body) => (body.message === undefined) !== (body.audioData === undefined), {
    message: "Send either message or audioData",
  });
export type VoiceTurnRequest = z.input<typeof VoiceTurnRequestSchema>;

/** The longest text a reply can have been cut to (a whole reply is far below it). */
export const SPOKEN_TEXT_MAX = 20_000;

/** POST /api/voice-conversations/{id}/messages/{messageId}/interrupted → 204. */
export const VoiceInterruptedSchema = z.object({
  /** What the user actually heard of the reply before they spoke over it; may be empty. */
  spokenText: z
    .string({ error: "spokenText is required" })
    .max(SPOKEN_TEXT_MAX, `spokenText must be at most ${SPOKEN_TEXT_MAX} characters`),
});
export type VoiceInterrupted = z.input<typeof VoiceInterruptedSchema>;

/**
 * Server-side stages of one voice turn, in ms from the request's arrival; stored on the
 * assistant message. null when the stage did not happen (typed turn: no transcript; a failed
 * synthesis or a security notice with no audio: no first audio).
 */
export const VoiceTurnStagesSchema = z.object({
  transcriptMs: z.number().int().min(0).nullable(),
  firstTokenMs: z.number().int().min(0).nullable(),
  firstAudioMs: z.number().int().min(0).nullable(),
});
export type VoiceTurnStages = z.infer<typeof VoiceTurnStagesSchema>;

export const VoiceCapabilitiesSchema = z.object({
  /** True when the server transcribes audio (POST /api/stt and audioData in a turn). */
  serverStt: z.boolean(),
  tts: z.enum(["espeak-ng", "openai-compatible"]),
  /** The server-side time limit of a voice conversation; the dialog counts down from it. */
  sessionSeconds: z.number().int().positive(),
  /**
   * True when a realtime speech-to-speech model is configured (REALTIME_BASE_URL): the dialog
   * then talks over GET /api/voice-conversations/{id}/realtime, and keeps the cascade for fallback.
   */
  realtime: z.boolean(),
});
export type VoiceCapabilities = z.infer<typeof VoiceCapabilitiesSchema>;

/**
 * Server-sent events of POST /api/voice-conversations/{id}/turn (docs/api.md "## Voice"):
 * `transcript` (only when the server transcribed audioData), then `stored` once the user's
 * message is committed, then `delta`s and `audio`s interleaved as the reply is written and
 * spoken, then `done` — or `skipped` / `incomplete` / `error`.
 */
export interface VoiceTurnTranscript {
  text: string;
}
/** The transcript was too short to be a turn (see isMeaningfulTranscript); nothing was stored. */
export interface VoiceTurnSkipped {
  text: string;
}
/** The transcript ends mid-thought and the turn asked to be held (holdIfUnfinished): nothing was stored. */
export interface VoiceTurnIncomplete {
  text: string;
}
/** The user's message is committed; the reply will be stored under assistantMessageId. */
export interface VoiceTurnStored {
  userMessageId: string;
  assistantMessageId: string;
}
export interface VoiceTurnDelta {
  text: string;
}
/**
 * A line spoken around a tool call that is not the reply's words (contracts/voice-approval.ts):
 * "one moment" as a call starts, the question of a call that waits for the caller's yes or no,
 * and the line for a question nobody answered in time.
 */
export type VoiceAside = "wait" | "approval" | "not-answered";

/** One spoken sentence, in order from index 0; audioUrl null when synthesis failed (speak `text` in the browser). */
export interface VoiceTurnAudio {
  index: number;
  text: string;
  audioUrl: string | null;
  /** Set for a line that is not part of the reply (never stored as its text). */
  aside?: VoiceAside;
}
export interface VoiceTurnDone extends VoiceChatResponse {
  offline: boolean;
  /** The server's stages of this turn (also stored on the reply). */
  stages?: VoiceTurnStages;
}
export interface VoiceTurnError extends ApiErrorBody {
  status: number;
  /** Whether the user's message was stored before the failure (if not, the client may resend it as text). */
  stored: boolean;
}

export type VoiceTurnEvent =
  | { event: "transcript"; data: VoiceTurnTranscript }
  | { event: "skipped"; data: VoiceTurnSkipped }
  | { event: "incomplete"; data: VoiceTurnIncomplete }
  | { event: "stored"; data: VoiceTurnStored }
  | { event: "delta"; data: VoiceTurnDelta }
  | { event: "audio"; data: VoiceTurnAudio }
  /** A tool call begins, or waits for the caller's approval (then approve or deny it by its id), as in chat. */
  | { event: "tool_call"; data: ChatSseToolCall }
  | { event: "tool_result"; data: ChatSseToolResult }
  | { event: "done"; data: VoiceTurnDone }
  | { event: "error"; data: VoiceTurnError };

/** The 409 a voice conversation answers once it is older than the server's session length. */
export function voiceTimeLimitMessage(seconds: number): string {
  const limit = seconds % 60 === 0 ? `${seconds / 60}-minute` : `${seconds}-second`;
  return `This voice conversation has reached its ${limit} limit. Start a new voice conversation to keep talking.`;
}

/** Spec section 5: a transcript with fewer than 2 words and shorter than 4 characters is noise. */
export function isMeaningfulTranscript(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed) return false;
  const words = trimmed.split(/\s+/).length;
  return words >= 2 || trimmed.length >= 4;
}
