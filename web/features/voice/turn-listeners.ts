/**
 * The ways the dialog hears a user's turn, best first:
 *  - "vad": Silero voice-activity detection (@ricky0123/vad-web, loaded only when a call
 *    starts): the turn ends when the user stops speaking; we get the 16 kHz samples.
 *  - "recorder": the spec's fallback when the detector cannot load: MediaRecorder chunks
 *    every 5 s, restarted after 100 ms, each sent for transcription.
 *  - recognition (see recognition-listener.ts) when neither audio path can be transcribed.
 */
import { VOICE_RESTART_DELAY_MS, VOICE_RESTART_MS } from "../../../contracts/limits";
import { DETECTOR_SAMPLE_RATE } from "./wav-encoding";

export type Utterance =
  { kind: "samples"; samples: Float32Array } | { kind: "recording"; blob: Blob } | { kind: "text"; text: string };

export interface UtteranceHandlers {
  /** The user started talking (counts as activity). */
  onSpeechStart(): void;
  /** Something too short to be speech (a click, a cough). */
  onMisfire(): void;
  onUtterance(utterance: Utterance): void;
}

export type ListenerKind = "vad" | "recorder" | "recognition";

export interface TurnListener {
  readonly kind: ListenerKind;
  /** Stops hearing (while the agent speaks or a turn is processed); keeps the microphone. */
  pause(): void;
  resume(): void;
  destroy(): void;
}

/**
 * Turn-taking settings (reported in docs/decisions.md). Silero v5 judges 32 ms frames.
 * - redemptionMs 450 → 14 frames = 448 ms of quiet ends the turn (measured: ~40 ms more for
 *   the model's probability to fall). The package default, 1400, feels like a walkie-talkie;
 *   OpenAI's realtime server VAD waits 500 ms. Shorter still cuts people off while they take
 *   a breath, and since speech is ignored while the agent thinks and speaks (spec), whatever
 *   they said after being cut off would be lost.
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

/** Where vite.config.ts serves the model, worklet and onnxruntime files (same origin, no CDN). */
export const VAD_ASSET_PATH = "/vad/";

/** Samples this loud (≈ −40 dBFS) count as sound when timing the end of speech. */
const SOUND_LEVEL = 0.01;

export async function startVadListener(stream: MediaStream, handlers: UtteranceHandlers): Promise<TurnListener> {
  const { MicVAD } = await import("@ricky0123/vad-web");
  // performance.now() of the last audible sample: the real end of speech, before the detector's wait.
  let lastSoundAt = 0;
  const vad = await MicVAD.new({
    ...VAD_SETTINGS,
    baseAssetPath: VAD_ASSET_PATH,
    onnxWASMBasePath: VAD_ASSET_PATH,
    ortConfig: (ort) => {
      ort.env.logLevel = "error";
      // Threads need cross-origin isolation, which the app does not have; say so rather than probe.
      ort.env.wasm.numThreads = 1;
    },
    // One microphone stream for the whole call: asked for once, released when the dialog closes.
    getStream: async () => stream,
    pauseStream: async () => undefined,
    resumeStream: async () => stream,
    startOnLoad: false,
    onSpeechStart: () => handlers.onSpeechStart(),
    onVADMisfire: () => handlers.onMisfire(),
    onFrameProcessed: (_probabilities, frame) => {
      for (let i = frame.length - 1; i >= 0; i--) {
        if (Math.abs(frame[i]) >= SOUND_LEVEL) {
          lastSoundAt = performance.now() - ((frame.length - 1 - i) * 1000) / DETECTOR_SAMPLE_RATE;
          break;
        }
      }
    },
    onSpeechEnd: (samples) => {
      // Timing marks for diagnostics and the latency benchmark (bench/voice-turn).
      performance.mark("voice:speech-end", { startTime: lastSoundAt || performance.now() });
      performance.mark("voice:detector-end");
      handlers.onUtterance({ kind: "samples", samples });
    },
  });
  let destroyed = false;
  return {
    kind: "vad",
    pause: () => void vad.pause(),
    resume: () => {
      if (!destroyed) void vad.start();
    },
    destroy: () => {
      destroyed = true;
      void vad.destroy().catch(() => undefined);
    },
  };
}

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
        handlers.onUtterance({ kind: "recording", blob: new Blob(chunks, { type: current.mimeType || mimeType }) });
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
    destroy: halt,
  };
}
