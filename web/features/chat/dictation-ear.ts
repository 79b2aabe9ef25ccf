/**
 * Whether dictation can hear in this browser, decided without loading the dictation code
 * (dictation.ts loads on the first click): the server's speech-to-text needs a recorder, the
 * browser's own needs a recogniser.
 */
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from "../../../contracts/voice-languages";
import { recognitionConstructor } from "../voice/browser-speech";
import { recordingMimeType } from "../voice/turn-listeners";

export const NO_DICTATION = "Speech cannot be recognised in this browser, and the server has no speech-to-text.";

export function dictationUnavailableReason(serverStt: boolean): string | null {
  if (serverStt && recordingMimeType()) return null;
  return recognitionConstructor() ? null : NO_DICTATION;
}

/** The call language for the browser's own languages (de-AT → de-DE), else English. */
export function dictationLanguage(preferred: readonly string[]): LanguageCode {
  for (const tag of preferred) {
    const exact = LANGUAGE_CODES.find((code) => code.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split("-")[0]?.toLowerCase();
    const sameLanguage = LANGUAGE_CODES.find((code) => code.split("-")[0] === base);
    if (sameLanguage) return sameLanguage;
  }
  return DEFAULT_LANGUAGE;
}

/** The browser recogniser's error codes, in words a person can act on. */
const RECOGNITION_FAILURES: Record<string, string> = {
  "audio-capture": "No microphone could be used. Check that one is connected and not in use by another app.",
  "not-allowed": "Microphone access was denied. Allow it in the browser's site settings to dictate.",
  "service-not-allowed": "This browser does not allow speech recognition here. Type your message instead.",
  network: "The browser's speech service could not be reached. Check your connection, or type instead.",
  "no-speech": "Nothing was heard. Try again, a little closer to the microphone.",
  "language-not-supported": "This browser cannot recognise speech in your language. Type your message instead.",
};

export function recognitionFailureMessage(code: string): string {
  return RECOGNITION_FAILURES[code] ?? "Speech could not be recognised. Try again, or type your message.";
}
