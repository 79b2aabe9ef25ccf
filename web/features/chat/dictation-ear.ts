/**
 * Whether dictation can hear in this browser, decided without loading the dictation code
 * (dictation.ts loads on the first click): the server's speech-to-text needs a recorder, the
 * browser's own needs a recogniser.
 */
import { recognitionConstructor } from "../voice/browser-speech";
import { recordingMimeType } from "../voice/turn-listeners";

export const NO_DICTATION = "Speech cannot be recognised in this browser, and the server has no speech-to-text.";

export function dictationUnavailableReason(serverStt: boolean): string | null {
  if (serverStt && recordingMimeType()) return null;
  return recognitionConstructor() ? null : NO_DICTATION;
}
