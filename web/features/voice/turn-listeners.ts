/**
 * The ways the dialog hears a user's turn, best first:
 *  - "vad": Silero voice-activity detection (vad-listener.ts, loaded only when a call
 *    starts): the turn ends when the user stops speaking; we get the 16 kHz samples.
 *  - "recorder": the spec's fallback when the detector cannot load: MediaRecorder chunks
 *    every 5 s, restarted after 100 ms, each sent for transcription.
 *  - recognition (see recognition-listener.ts) when neither audio path can be transcribed.
 */
import { VOICE_RESTART_DELAY_MS, VOICE_RESTART_MS } from "../../../contracts/limits";
import type { PauseTolerance } from "./call-state";

export type Utterance =
  { kind: "samples"; samples: Float32Array } | { kind: "recording"; blob: Blob } | { kind: "text"; text: string };

export interface UtteranceHandlers {
  /** The user started talking (counts as activity; playback pauses for a possible barge-in). */
  onSpeechStart(): void;
  /** Enough speech to be sure it is a person talking, not a click (minSpeechMs). */
  onSpeechConfirmed(): void;
  /** Something too short to be speech (a click, a cough). */
  onMisfire(): void;
  /** The first ~200 ms of quiet inside an utterance: what was said so far, for a speculative start. */
  onPause(samples: Float32Array, endedAt: number): void;
  /** Speech again after such a pause, before the end of turn. */
  onResume(): void;
  /** This utterance has gone on for INTERRUPT_SPEECH_MS of speech (once per utterance). */
  onSustained(): void;
  /** The end of turn; `endedAt` is performance.now() of the last audible sample. */
  onUtterance(utterance: Utterance, endedAt: number): void;
}

export type ListenerKind = "vad" | "recorder" | "recognition";

export interface TurnListener {
  readonly kind: ListenerKind;
  /** Stops hearing (muted, paused call); keeps the microphone. */
  pause(): void;
  resume(): void;
  setPauseTolerance(tolerance: PauseTolerance): void;
  destroy(): void;
}

/**
 * Turn-taking settings (reported in docs/decisions/024-voice-turn-taking.md). Silero v5 judges 32 ms frames.
 * - redemptionMs 450 → 14 frames = 448 ms of quiet ends the turn at the "normal" pause
 *   tolerance (measured: ~40 ms more for the model's probability to fall); see
 *   PAUSE_TOLERANCE_MS for short and long. The package default, 1400, feels like a
 *   walkie-talkie; OpenAI's realtime server VAD waits 500 ms. A turn ended too early is not
 *   lost: speech that resumes before any reply audio joins it (call-turns.ts cancelTurn).
 * - minSpeechMs 250: a one-word "Yes." (~300 ms) counts; clicks and coughs do not.
 * - preSpeechPadMs 300: the detector notices a word ~100-200 ms into it; keep its onset for STT.
 * - thresholds 0.5 / 0.35: Silero's own recommendation (negative = positive − 0.15).
 */
export const VAD_SETTINGS = {
  model: "v5",
  positiveSpeechThreshold: 0.5,
  negativeSpeechThreshold: 0.35,
  redemptionMs: 450,
  minSpeechMs: 250,
  preSpeechPadMs: 300,
} as const;

/** Quiet that ends a turn, per the dialog's pause-tolerance setting. */
export const PAUSE_TOLERANCE_MS: Record<PauseTolerance, number> = { short: 300, normal: 450, long: 900 };

/** Quiet after which a turn is started speculatively (its audio held until the end is confirmed). */
export const SPECULATIVE_PAUSE_MS = 200;

/**
 * After words that end mid-thought (contracts/voice-turn-taking.ts), the call waits this much
 * longer for the rest before answering them as they are. It starts once the detector's own
 * silence wait (PAUSE_TOLERANCE_MS) and the transcription are over, so a pause of 1.2 s inside
 * a sentence never splits it at any tolerance, while a finished sentence is answered as soon
 * as before.
 */
export const UNFINISHED_WAIT_MS = 1000;

/**
 * Speech over the agent interrupts at once when it goes on this long; shorter speech ("mm-hm",
 * 0.6 s; "okay", 0.4 s) is transcribed first and interrupts only if it is not a backchannel.
 * The reply pauses meanwhile either way, so the barge-in stop time is unchanged.
 */
export const INTERRUPT_SPEECH_MS = 800;

/** Where vite.config.ts serves the model, worklet and onnxruntime files (same origin, no CDN). */
export const VAD_ASSET_PATH = "/vad/";

/** The first container this browser can record, opus first (spec: audio/webm with opus fallbacks). */
export function recordingMimeType(): string | undefined {
  if (typeof MediaRecorder === "undefined") return undefined;
  return ["audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus", "audio/mp4"].find((type) =>
    MediaRecorder.isTypeSupported(type),
  );
}

/** The spec's loop: record 5 s, hand the chunk on, restart after 100 ms, until paused. */
export function startRecorderListener(stream: MediaStream, handlers: UtteranceHandlers): TurnListener {
  if (typeof MediaRecorder === "undefined") throw new Error("MediaRecorder is not supported");
  const mimeType = recordingMimeType();
  let recording = false;
  let recorder: MediaRecorder | null = null;
  let stopTimer: ReturnType<typeof setTimeout> | undefined;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;

  function record(): void {
    if (!recording) return;
    const chunks: Blob[] = [];
    const current = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    recorder = current;
    current.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    current.onstop = () => {
      if (chunks.length > 0 && recording) {
        const blob = new Blob(chunks, { type: current.mimeType || mimeType });
        handlers.onUtterance({ kind: "recording", blob }, performance.now());
      }
      restartTimer = setTimeout(record, VOICE_RESTART_DELAY_MS);
    };
    current.start();
    stopTimer = setTimeout(() => current.state !== "inactive" && current.stop(), VOICE_RESTART_MS);
  }

  function halt(): void {
    recording = false;
    clearTimeout(stopTimer);
    clearTimeout(restartTimer);
    if (recorder && recorder.state !== "inactive") recorder.stop();
  }

  return {
    kind: "recorder",
    pause: halt,
    resume: () => {
      if (recording) return;
      recording = true;
      record();
    },
    setPauseTolerance: () => undefined,
    destroy: halt,
  };
}
