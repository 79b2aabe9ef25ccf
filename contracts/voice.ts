/** Voice languages, voices and voice payloads (spec sections 3, 7 and 9). */
import { z } from "zod";
import { AUDIO_MAX_BYTES, TTS_TEXT_MAX, CHAT_MESSAGE_MAX } from "./limits.js";

export const OPENAI_VOICES = ["alloy", "nova", "shimmer", "echo", "fable", "onyx"] as const;
export type OpenAiVoice = (typeof OPENAI_VOICES)[number];

export const VOICE_LANGUAGES = [
  { code: "en-US", name: "English", voice: "alloy" },
  { code: "es-ES", name: "Spanish", voice: "nova" },
  { code: "fr-FR", name: "French", voice: "shimmer" },
  { code: "de-DE", name: "German", voice: "echo" },
  { code: "it-IT", name: "Italian", voice: "fable" },
  { code: "pt-PT", name: "Portuguese", voice: "onyx" },
  { code: "ja-JP", name: "Japanese", voice: "alloy" },
  { code: "ko-KR", name: "Korean", voice: "nova" },
  { code: "zh-CN", name: "Chinese", voice: "shimmer" },
] as const satisfies readonly { code: string; name: string; voice: OpenAiVoice }[];

export const LANGUAGE_CODES = [
  "en-US",
  "es-ES",
  "fr-FR",
  "de-DE",
  "it-IT",
  "pt-PT",
  "ja-JP",
  "ko-KR",
  "zh-CN",
] as const;
export const LanguageCodeSchema = z.enum(LANGUAGE_CODES, {
  error: `language must be one of ${LANGUAGE_CODES.join(", ")}`,
});
export type LanguageCode = z.infer<typeof LanguageCodeSchema>;
export const DEFAULT_LANGUAGE: LanguageCode = "en-US";
export const FALLBACK_VOICE: OpenAiVoice = "alloy";

export const TtsRequestSchema = z.object({
  text: z.string().trim().min(1, "text is required").max(TTS_TEXT_MAX),
  voice: z.string().max(40).default(FALLBACK_VOICE),
  language: LanguageCodeSchema.optional(),
  gender: z.string().max(40).optional(),
});
export type TtsRequest = z.infer<typeof TtsRequestSchema>;

export const AUDIO_DATA_URL_PATTERN = /^data:(audio\/[a-z0-9.+-]+)(;[a-z0-9=.+-]+)*;base64,([A-Za-z0-9+/=]+)$/i;
export const AudioDataUrlSchema = z
  .string()
  .max(Math.ceil((AUDIO_MAX_BYTES * 4) / 3) + 200, "audio is too large")
  .regex(AUDIO_DATA_URL_PATTERN, "audioData must be a base64 data URL of an audio type");

export const SttRequestSchema = z.object({
  audioData: AudioDataUrlSchema,
  language: LanguageCodeSchema.default("en-US"),
});

export const VoiceConversationCreateSchema = z.object({
  agentId: z.string().min(1),
  title: z.string().trim().max(200).optional(),
});

export const VoiceChatRequestSchema = z.object({
  message: z.string().trim().min(1, "Message cannot be empty").max(CHAT_MESSAGE_MAX),
  language: LanguageCodeSchema.default("en-US"),
});

export const SaveAudioSchema = z.object({ audioData: AudioDataUrlSchema });

/** Voice for a spoken reply: female → nova, male → echo, else the agent's voice or alloy. */
export function voiceForAgent(agent: { gender?: string | null; voice?: string | null }): string {
  if (agent.gender === "female") return "nova";
  if (agent.gender === "male") return "echo";
  return agent.voice || FALLBACK_VOICE;
}
