/**
 * Picks how a call hears its turns (see turn-listeners.ts): the voice-activity detector when it
 * loads — with the browser's recogniser beside it for the words when the server cannot
 * transcribe — else the spec's 5-second recorder (server STT) or the recogniser alone.
 */
import { toast } from "../../lib/toast-store";
import { createTranscriptSource, startRecognitionListener, type TranscriptSource } from "./recognition-listener";
import { startRecorderListener, startVadListener, type TurnListener, type UtteranceHandlers } from "./turn-listeners";

export async function openTurnListener(
  stream: MediaStream,
  serverStt: boolean,
  language: string,
  handlers: UtteranceHandlers,
): Promise<{ listener: TurnListener | null; transcripts: TranscriptSource | null }> {
  try {
    const listener = await startVadListener(stream, handlers);
    return { listener, transcripts: serverStt ? null : createTranscriptSource(language) };
  } catch (error) {
    console.warn("voice activity detector unavailable; falling back", error);
  }
  try {
    const listener = serverStt ? startRecorderListener(stream, handlers) : startRecognitionListener(language, handlers);
    return { listener, transcripts: null };
  } catch {
    toast({ title: "Recording Error", description: "Failed to start voice recording", variant: "destructive" });
    return { listener: null, transcripts: null };
  }
}
