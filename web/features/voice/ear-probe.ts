/**
 * How the dialog will hear, found out rather than assumed: the browser's recogniser is actually
 * started and watched for a moment (Brave, headless Chromium and browsers without network to
 * the recognition service have the constructor but fail with `network` or `audio-capture`).
 * The Voice Help panel shows the same test's result.
 */
import { recognitionConstructor } from "./browser-speech";

/** After the recogniser starts, errors that will come arrive within this. */
const SETTLE_MS = 1200;
/** A recogniser that has not started by then is not going to. */
const START_TIMEOUT_MS = 2500;

export type ProbeResult = { ok: true } | { ok: false; reason: string };

export const NO_RECOGNITION = "This browser has no speech recognition.";

/** Words for a recognition error that will not pass by itself; null for routine ones. */
export function recognitionFailureReason(error: string | undefined): string | null {
  switch (error) {
    case "no-speech":
    case "aborted":
      return null;
    case "network":
      return "The browser's speech recognition service cannot be reached.";
    case "audio-capture":
      return "The browser's speech recogniser cannot capture audio.";
    case "not-allowed":
    case "service-not-allowed":
      return "The browser does not allow its speech recogniser here.";
    case "language-not-supported":
      return "The browser's speech recogniser does not support this language.";
    default:
      return `The browser's speech recogniser failed (${error ?? "unknown error"}).`;
  }
}

export function probeBrowserRecognizer(language: string): Promise<ProbeResult> {
  const Recognition = recognitionConstructor();
  if (!Recognition) return Promise.resolve({ ok: false, reason: NO_RECOGNITION });
  return new Promise((resolve) => {
    const recognition = new Recognition();
    let settled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const finish = (result: ProbeResult) => {
      if (settled) return;
      settled = true;
      timers.forEach(clearTimeout);
      recognition.onerror = null;
      recognition.onend = null;
      recognition.abort();
      resolve(result);
    };
    recognition.lang = language;
    recognition.continuous = true;
    recognition.interimResults = false;
    recognition.onerror = (event) =>
      finish({ ok: false, reason: recognitionFailureReason(event.error) ?? "The speech recogniser stopped at once." });
    recognition.onend = () => finish({ ok: false, reason: "The browser's speech recogniser stopped at once." });
    recognition.addEventListener("start", () => timers.push(setTimeout(() => finish({ ok: true }), SETTLE_MS)));
    timers.push(
      setTimeout(
        () => finish({ ok: false, reason: "The browser's speech recogniser did not start." }),
        START_TIMEOUT_MS,
      ),
    );
    try {
      recognition.start();
    } catch (error) {
      finish({ ok: false, reason: `The speech recogniser could not start (${String(error)}).` });
    }
  });
}
