/**
 * The browser's own speech: speechSynthesis as the last fallback voice (spec section 9: rate
 * 0.9, pitch 1, volume 1, preferring a local voice of the language), and SpeechRecognition
 * (often prefixed, missing from TypeScript's DOM types) for browsers without server STT.
 */

export const BROWSER_SPEECH = { rate: 0.9, pitch: 1, volume: 1 } as const;
export const VOICE_CHECK_RETRIES = 5;
export const VOICE_CHECK_INTERVAL_MS = 500;

export function synthesisSupported(): boolean {
  return typeof window !== "undefined" && "speechSynthesis" in window && typeof SpeechSynthesisUtterance === "function";
}

/** getVoices() is empty until the browser has loaded them; retry up to 5 times at 500 ms. */
export async function availableVoices(): Promise<SpeechSynthesisVoice[]> {
  if (!synthesisSupported()) return [];
  for (let attempt = 0; attempt < VOICE_CHECK_RETRIES; attempt++) {
    const voices = window.speechSynthesis.getVoices();
    if (voices.length > 0) return voices;
    await new Promise((resolve) => setTimeout(resolve, VOICE_CHECK_INTERVAL_MS));
  }
  return window.speechSynthesis.getVoices();
}

function preferredVoice(language: string): SpeechSynthesisVoice | undefined {
  const voices = window.speechSynthesis.getVoices();
  const prefix = language.split("-")[0].toLowerCase();
  const matching = voices.filter((v) => v.lang.toLowerCase().startsWith(prefix));
  return (
    matching.find((v) => v.localService && v.lang === language) ?? matching.find((v) => v.localService) ?? matching[0]
  );
}

/** Speaks with the browser's voice; resolves when done (or at once when the browser has none). */
export function speakWithBrowser(text: string, language: string, signal?: AbortSignal): Promise<void> {
  if (!synthesisSupported()) return Promise.resolve();
  return new Promise((resolve) => {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = language;
    utterance.rate = BROWSER_SPEECH.rate;
    utterance.pitch = BROWSER_SPEECH.pitch;
    utterance.volume = BROWSER_SPEECH.volume;
    const voice = preferredVoice(language);
    if (voice) utterance.voice = voice;
    const finish = () => resolve();
    utterance.onend = finish;
    utterance.onerror = finish;
    signal?.addEventListener("abort", () => {
      window.speechSynthesis.cancel();
      finish();
    });
    window.speechSynthesis.speak(utterance);
  });
}

/** The slice of the Web Speech API recognition interface we use. */
export interface SpeechRecognitionLike extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: SpeechRecognitionResultEventLike) => void) | null;
  onerror: ((event: Event & { error?: string }) => void) | null;
  onend: (() => void) | null;
}

export interface SpeechRecognitionResultEventLike {
  resultIndex: number;
  results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
}

type RecognitionConstructor = new () => SpeechRecognitionLike;

export function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === "undefined") return null;
  const scope = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}
