/**
 * The voice languages and voices (spec sections 3 and 7) without the voice payloads' schemas:
 * `voice.ts` builds zod schemas when loaded, and a page that only names a language or picks a
 * voice (the dashboard's usage card, chat dictation) should not download zod for that.
 * `voice.ts` re-exports all of it.
 */

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
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = "en-US";
export const FALLBACK_VOICE: OpenAiVoice = "alloy";

export function isOpenAiVoice(voice: string): voice is OpenAiVoice {
  return (OPENAI_VOICES as readonly string[]).includes(voice);
}

/** Voice for a spoken reply: female → nova, male → echo, else the agent's voice or alloy. */
export function voiceForAgent(agent: { gender?: string | null; voice?: string | null }): string {
  if (agent.gender === "female") return "nova";
  if (agent.gender === "male") return "echo";
  return agent.voice || FALLBACK_VOICE;
}
