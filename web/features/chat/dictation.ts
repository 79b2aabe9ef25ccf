/**
 * Dictation into the chat box (spec section "Chat": the admin-only speech-input control).
 * Decides how it can hear, like the voice dialog does: the server's speech-to-text when it has
 * one (the recording is sent to POST /api/stt when the person stops), otherwise the browser's
 * recogniser, otherwise it says why it cannot. Loaded on the first click, so the chat page
 * carries none of it until someone dictates.
 */
import { recognitionConstructor } from "../voice/browser-speech";
import { transcribeAudio } from "../voice/voice-api";
import { recordingMimeType } from "../voice/turn-listeners";
import { blobToDataUrl } from "../voice/wav-encoding";
import { dictationLanguage, NO_DICTATION, recognitionFailureMessage } from "./dictation-ear";

/** The person's own language, as the browser reports it (the server STT was always sent English). */
const spokenLanguage = () =>
  dictationLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);

/** A dictation in progress: `finish` stops listening and resolves with what was heard. */
export interface Dictation {
  finish(): Promise<string>;
  /** Stops listening and drops what was heard (the page is going away). */
  cancel(): void;
}

/** Starts listening; rejects when the microphone is refused or nothing can hear. */
export async function startDictation(serverStt: boolean): Promise<Dictation> {
  if (serverStt && recordingMimeType()) return startRecording();
  if (recognitionConstructor()) return startRecognition();
  throw new Error(NO_DICTATION);
}

async function startRecording(): Promise<Dictation> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
  });
  const release = () => stream.getTracks().forEach((track) => track.stop());
  const recorder = new MediaRecorder(stream, { mimeType: recordingMimeType() });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
  recorder.start();
  return {
    async finish() {
      recorder.stop();
      await stopped;
      release();
      const audioData = await blobToDataUrl(new Blob(chunks, { type: recorder.mimeType }));
      const { text } = await transcribeAudio(audioData, spokenLanguage());
      return text.trim();
    },
    cancel() {
      if (recorder.state !== "inactive") recorder.stop();
      release();
    },
  };
}

function startRecognition(): Dictation {
  const Recognition = recognitionConstructor()!;
  const recognition = new Recognition();
  recognition.lang = spokenLanguage();
  recognition.continuous = true;
  recognition.interimResults = false;
  const heard: string[] = [];
  // An error (denied, no network to the browser's service…) is told when the person stops.
  let failure: string | null = null;
  recognition.onresult = (event) => {
    for (let i = event.resultIndex; i < event.results.length; i++) {
      const result = event.results[i];
      if (result.isFinal) heard.push(result[0].transcript.trim());
    }
  };
  recognition.onerror = (event) => {
    failure = event.error ?? "error";
  };
  const ended = new Promise<void>((resolve) => (recognition.onend = () => resolve()));
  recognition.start();
  return {
    async finish() {
      recognition.stop();
      await ended;
      if (heard.length === 0 && failure) throw new Error(recognitionFailureMessage(failure));
      return heard.join(" ").trim();
    },
    cancel() {
      recognition.abort();
    },
  };
}
