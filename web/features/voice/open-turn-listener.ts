/**
 * Opens how a call hears its turns (see turn-listeners.ts): the voice-activity detector when it
 * loads — with the browser's recogniser beside it for the words when the ear is the browser —
 * else the spec's 5-second recorder (server STT) or the recogniser alone.
 */
import type { Ear, PauseTolerance } from "./call-state";
import {
  createTranscriptSource,
  startRecognitionListener,
  type RecognizerHealth,
  type TranscriptSource,
} from "./recognition-listener";
import { startRecorderListener, type TurnListener, type UtteranceHandlers } from "./turn-listeners";
import { startVadListener } from "./vad-listener";

export interface OpenedListener {
  listener: TurnListener | null;
  transcripts: TranscriptSource | null;
}

export async function openTurnListener(options: {
  stream: MediaStream;
  ear: Ear;
  language: string;
  pauseTolerance: PauseTolerance;
  health: RecognizerHealth;
  handlers: UtteranceHandlers;
}): Promise<OpenedListener> {
  const { stream, ear, language, health, handlers } = options;
  // A recogniser that failed is still created: the call retries it (with backoff).
  const wantsWords = ear.kind === "browser" || (ear.kind === "typed" && ear.retrying);
  try {
    const listener = await startVadListener(stream, options.pauseTolerance, handlers);
    return { listener, transcripts: wantsWords ? createTranscriptSource(language, health) : null };
  } catch (error) {
    console.warn("voice activity detector unavailable; falling back", error);
  }
  try {
    if (ear.kind === "server") return { listener: startRecorderListener(stream, handlers), transcripts: null };
    if (!wantsWords) return { listener: null, transcripts: null };
    const listener = startRecognitionListener(language, health, handlers);
    return { listener, transcripts: listener.source };
  } catch {
    return { listener: null, transcripts: null };
  }
}
