/**
 * The browser's SpeechRecognition, for servers without speech-to-text. Beside the detector it
 * only supplies the words (`takeTranscript` when the detector says the turn ended); alone, as
 * a TurnListener, its own final results are the turns. Chrome ends a continuous session after
 * a stretch of silence, so it is restarted while wanted — but never in a tight loop: an error
 * that will not go away by itself (no network to the recognition service, no audio capture,
 * not allowed) stops it and is reported; the call decides when to try again (with backoff).
 */
import { recognitionConstructor, type SpeechRecognitionLike } from "./browser-speech";
import { recognitionFailureReason } from "./ear-probe";
import type { TurnListener, UtteranceHandlers } from "./turn-listeners";

/** How long to wait after the detector's end of speech for the recogniser's final words. */
const FINAL_RESULT_WAIT_MS = 800;
/** A session that ends sooner than this without words is a quick end; five in a row is a failure. */
const QUICK_END_MS = 1000;
const QUICK_ENDS_ALLOWED = 5;
/** Running this long without an error after a (re)start counts as working again. */
export const RECOGNIZER_HEALTHY_MS = 2000;

export interface RecognizerHealth {
  onFailure(reason: string): void;
  onHealthy(): void;
}

export interface TranscriptSource {
  /** Everything heard since the last call; waits briefly for a final result if there is none yet. */
  takeTranscript(): Promise<string>;
  /** Forgets what was heard so far (it was the agent's own voice). */
  clear(): void;
  setLanguage(language: string): void;
  pause(): void;
  resume(): void;
  /** Tries again after a reported failure. */
  restart(): void;
  destroy(): void;
}

export function createTranscriptSource(
  language: string,
  health: RecognizerHealth,
  onFinal?: (text: string) => void,
): TranscriptSource | null {
  const found = recognitionConstructor();
  if (!found) return null;
  const Recognition = found;
  let recognition: SpeechRecognitionLike | null = null;
  let wanted = false;
  let failed = false;
  let finalText = "";
  let interimText = "";
  let lang = language;
  let finalWaiter: (() => void) | null = null;
  let quickEnds = 0;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  let healthTimer: ReturnType<typeof setTimeout> | undefined;

  function fail(reason: string): void {
    if (failed) return;
    failed = true;
    clearTimeout(healthTimer);
    recognition?.abort();
    health.onFailure(reason);
  }

  function begin(): void {
    if (!wanted || failed || recognition) return;
    const current = new Recognition();
    recognition = current;
    const startedAt = performance.now();
    let heardWords = false;
    current.lang = lang;
    current.continuous = true;
    current.interimResults = true;
    current.onresult = (event) => {
      heardWords = true;
      interimText = "";
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        const text = result[0]?.transcript ?? "";
        if (result.isFinal) {
          finalText = `${finalText} ${text}`.trim();
          onFinal?.(text.trim());
          finalWaiter?.();
        } else {
          interimText += text;
        }
      }
    };
    current.onerror = (event) => {
      const reason = recognitionFailureReason(event.error);
      if (reason) fail(reason);
    };
    current.onend = () => {
      if (recognition === current) recognition = null;
      if (!wanted || failed) return;
      quickEnds = !heardWords && performance.now() - startedAt < QUICK_END_MS ? quickEnds + 1 : 0;
      if (quickEnds >= QUICK_ENDS_ALLOWED) return fail("The browser's speech recogniser keeps stopping.");
      // Back off a little more after each quick end, so a misbehaving recogniser cannot spin.
      restartTimer = setTimeout(begin, 100 * 2 ** quickEnds);
    };
    try {
      current.start();
    } catch (error) {
      recognition = null;
      fail(`The speech recogniser could not start (${error instanceof Error ? error.message : String(error)}).`);
    }
  }

  function watchHealth(): void {
    clearTimeout(healthTimer);
    healthTimer = setTimeout(() => {
      if (!failed && wanted) health.onHealthy();
    }, RECOGNIZER_HEALTHY_MS);
  }

  return {
    async takeTranscript() {
      if (!finalText && interimText) {
        await new Promise<void>((resolve) => {
          finalWaiter = resolve;
          setTimeout(resolve, FINAL_RESULT_WAIT_MS);
        });
        finalWaiter = null;
      }
      const text = (finalText || interimText).trim();
      finalText = "";
      interimText = "";
      return text;
    },
    clear() {
      finalText = "";
      interimText = "";
    },
    setLanguage(next) {
      lang = next;
      // The language applies from the next session; restart so it applies now.
      recognition?.stop();
    },
    pause() {
      wanted = false;
      clearTimeout(restartTimer);
      recognition?.abort();
      finalText = "";
      interimText = "";
    },
    resume() {
      wanted = true;
      begin();
    },
    restart() {
      failed = false;
      quickEnds = 0;
      wanted = true;
      begin();
      watchHealth();
    },
    destroy() {
      wanted = false;
      clearTimeout(restartTimer);
      clearTimeout(healthTimer);
      recognition?.abort();
    },
  };
}

/** Recognition alone as the turn listener: each final result is a turn. */
export function startRecognitionListener(
  language: string,
  health: RecognizerHealth,
  handlers: UtteranceHandlers,
): TurnListener & { source: TranscriptSource } {
  const source = createTranscriptSource(language, health, (text) => {
    if (text) handlers.onUtterance({ kind: "text", text }, performance.now());
  });
  if (!source) throw new Error("SpeechRecognition is not supported");
  return {
    kind: "recognition",
    source,
    pause: () => source.pause(),
    resume: () => source.resume(),
    setPauseTolerance: () => undefined,
    destroy: () => source.destroy(),
  };
}
