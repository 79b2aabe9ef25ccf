/**
 * The audio of one reply's sentences, for the streaming voice turn: each sentence is
 * synthesised under its own AbortSignal, and all of them hang off the turn's signal through
 * ONE listener that is removed when the turn ends.
 *
 * Why not hand the turn's signal to every synthesis: each request adds an "abort" listener to
 * the signal it is given, and the OpenAI SDK never removes its own (client.js fetchWithTimeout),
 * so a reply of more than ten sentences logged MaxListenersExceededWarning and kept a closure
 * per sentence alive until the turn ended; espeak's queue adds two per queued sentence too.
 */
import type { FastifyBaseLogger } from "fastify";
import type { LanguageCode } from "../../contracts/voice.js";
import { dataUrlSeconds, estimateSpeechSeconds } from "../usage/voice-seconds.js";
import { synthesizeDataUrl, type SpeechDeps } from "./speech.js";

export interface SentenceAudio {
  /** A sentence's audio as a data URL, or null when synthesis failed (the browser speaks it). */
  synthesize(text: string): Promise<string | null>;
  /** Seconds of speech produced so far (measured from the audio, else estimated from the text). */
  readonly spokenSeconds: number;
  /** The turn is over: its signal is let go of. */
  close(): void;
}

export function createSentenceAudio(
  deps: SpeechDeps,
  call: { voice: string; language: LanguageCode; signal: AbortSignal; log?: FastifyBaseLogger },
): SentenceAudio {
  const { signal } = call;
  const running = new Set<AbortController>();
  const abortAll = (): void => {
    for (const controller of running) controller.abort(signal.reason);
    running.clear();
  };
  if (!signal.aborted) signal.addEventListener("abort", abortAll, { once: true });
  let spokenSeconds = 0;

  return {
    async synthesize(text) {
      const own = new AbortController();
      if (signal.aborted) own.abort(signal.reason);
      else running.add(own);
      try {
        const { audioUrl } = await synthesizeDataUrl(deps, {
          text,
          voice: call.voice,
          language: call.language,
          signal: own.signal,
        });
        spokenSeconds += dataUrlSeconds(audioUrl) ?? estimateSpeechSeconds(text);
        return audioUrl;
      } catch (err) {
        spokenSeconds += estimateSpeechSeconds(text);
        if (!signal.aborted)
          call.log?.warn({ err }, "voice turn: sentence synthesis failed; the browser will speak it");
        return null;
      } finally {
        running.delete(own);
      }
    },
    get spokenSeconds() {
      return spokenSeconds;
    },
    close() {
      signal.removeEventListener("abort", abortAll);
    },
  };
}
