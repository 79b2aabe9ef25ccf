/**
 * The browser's SpeechRecognition, for servers without speech-to-text. Beside the detector it
 * only supplies the words (`takeTranscript` when the detector says the turn ended); alone, as
 * a TurnListener, its own final results are the turns. Chrome ends a continuous session
 * after a stretch of silence, so it is restarted while wanted.
 */
import { recognitionConstructor, type SpeechRecognitionLike } from "./browser-speech";
import type { TurnListener, UtteranceHandlers } from "./turn-listeners";

/** How long to wait after the detector's end of speech for the recogniser's final words. */
const FINAL_RESULT_WAIT_MS = 800;

export interface TranscriptSource {
  /** Everything heard since the last call; waits briefly for a final result if there is none yet. */
  takeTranscript(): Promise<string>;
  setLanguage(language: string): void;
  pause(): void;
  resume(): void;
  destroy(): void;
}

export function createTranscriptSource(language: string, onFinal?: (text: string) => void): TranscriptSource | null {
  const found = recognitionConstructor();
  if (!found) return null;
  const Recognition = found;
  let recognition: SpeechRecognitionLike | null = null;
  let wanted = false;
  let finalText = "";
  let interimText = "";
  let lang = language;
  let finalWaiter: (() => void) | null = null;

  function begin(): void {
    if (!wanted || recognition) return;
    const current = new Recognition();
    recognition = current;
    current.lang = lang;
    current.continuous = true;
    current.interimResults = true;
    current.onresult = (event) => {
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
    // "no-speech" and "aborted" are routine; a failed transcription is only logged (spec section 8).
    current.onerror = (event) => {
      if (event.error !== "no-speech" && event.error !== "aborted") console.warn("speech recognition:", event.error);
    };
    current.onend = () => {
      recognition = null;
      if (wanted) setTimeout(begin, 100);
    };
    try {
      current.start();
    } catch {
      recognition = null;
    }
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
    setLanguage(next) {
      lang = next;
      // The language applies from the next session; restart so it applies now.
      recognition?.stop();
    },
    pause() {
      wanted = false;
      recognition?.abort();
      finalText = "";
      interimText = "";
    },
    resume() {
      wanted = true;
      begin();
    },
    destroy() {
      wanted = false;
      recognition?.abort();
    },
  };
}

/** Recognition alone as the turn listener: each final result is a turn. */
export function startRecognitionListener(
  language: string,
  handlers: UtteranceHandlers,
): TurnListener & { setLanguage(language: string): void } {
  const source = createTranscriptSource(language, (text) => {
    if (text) handlers.onUtterance({ kind: "text", text });
  });
  if (!source) throw new Error("SpeechRecognition is not supported");
  return {
    kind: "recognition",
    pause: () => source.pause(),
    resume: () => source.resume(),
    destroy: () => source.destroy(),
    setLanguage: (next) => source.setLanguage(next),
  };
}
