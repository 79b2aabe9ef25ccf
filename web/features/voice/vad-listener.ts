/**
 * The "vad" turn listener: Silero voice-activity detection (@ricky0123/vad-web, loaded only
 * when a call starts) on the call's one microphone stream. It keeps listening while the agent
 * thinks and speaks (barge-in and joined turns need that); a SpeechSegment beside it reports
 * the short pauses used for speculative starts. Performance marks feed bench/voice-turn.
 */
import type { PauseTolerance } from "./call-state";
import { SpeechSegment } from "./speech-segment";
import {
  INTERRUPT_SPEECH_MS,
  PAUSE_TOLERANCE_MS,
  SPECULATIVE_PAUSE_MS,
  VAD_ASSET_PATH,
  VAD_SETTINGS,
  type TurnListener,
  type UtteranceHandlers,
} from "./turn-listeners";
import { DETECTOR_SAMPLE_RATE } from "./wav-encoding";

/** Samples this loud (≈ −40 dBFS) count as sound when timing the start and end of speech. */
const SOUND_LEVEL = 0.01;

const debugging = typeof localStorage !== "undefined" && localStorage.getItem("agentdesk.voice-debug") === "1";
let debugFrames = 0;
let debugMax = 0;
let debugSince = 0;

/** With the voice debug flag: frames judged per 5 s (156 is real time) and the loudest speech probability. */
function debugFrame(probability: number): void {
  debugFrames += 1;
  debugMax = Math.max(debugMax, probability);
  const now = performance.now();
  if (now - debugSince < 5000) return;
  console.debug(
    `voice detector: ${debugFrames} frames in ${Math.round(now - debugSince)} ms, max p ${debugMax.toFixed(2)}`,
  );
  debugFrames = 0;
  debugMax = 0;
  debugSince = now;
}

/** Frames waiting for the model beyond this (~3 s of audio) are dropped: the page cannot keep up. */
const MAX_FRAME_BACKLOG = 100;

/**
 * The package hands every frame from its worklet to the model as it arrives, without waiting
 * for the previous one. On a starved page (measured: load average 20-29 on 2 cores) inference
 * falls behind, runs overlap on the one ONNX session, and every frame then fails with "No
 * state from model": the detector goes deaf for the rest of the call. One at a time, in order;
 * start() reads processFrame when it wires the worklet, so this must run before start().
 */
function serializeFrames(vad: { processFrame: (frame: Float32Array) => Promise<void> }): void {
  const original = vad.processFrame;
  let chain: Promise<void> = Promise.resolve();
  let waiting = 0;
  vad.processFrame = (frame) => {
    if (waiting >= MAX_FRAME_BACKLOG) return chain;
    waiting += 1;
    chain = chain
      .then(() => original(frame))
      .catch((error: unknown) => console.warn("voice detector frame failed", error))
      .finally(() => (waiting -= 1));
    return chain;
  };
}

export async function startVadListener(
  stream: MediaStream,
  tolerance: PauseTolerance,
  handlers: UtteranceHandlers,
): Promise<TurnListener> {
  const { MicVAD } = await import("@ricky0123/vad-web");
  const segment = new SpeechSegment({
    sampleRate: DETECTOR_SAMPLE_RATE,
    padFrames: Math.floor(VAD_SETTINGS.preSpeechPadMs / 32),
    pauseMs: SPECULATIVE_PAUSE_MS,
    positiveThreshold: VAD_SETTINGS.positiveSpeechThreshold,
    negativeThreshold: VAD_SETTINGS.negativeSpeechThreshold,
    soundLevel: SOUND_LEVEL,
    sustainMs: INTERRUPT_SPEECH_MS,
  });
  const vad = await MicVAD.new({
    ...VAD_SETTINGS,
    redemptionMs: PAUSE_TOLERANCE_MS[tolerance],
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
    onFrameProcessed: (probabilities, frame) => {
      if (debugging) debugFrame(probabilities.isSpeech);
      const signal = segment.frame(probabilities.isSpeech, frame, performance.now());
      if (signal?.kind === "pause") handlers.onPause(signal.samples, signal.endedAt);
      else if (signal?.kind === "resume") handlers.onResume();
      else if (signal?.kind === "sustained") handlers.onSustained();
    },
    onSpeechStart: () => {
      segment.start();
      // The onset of the sound that set it off: where barge-in latency is measured from.
      performance.mark("voice:speech-start", { startTime: segment.firstSoundAt || performance.now() });
      handlers.onSpeechStart();
    },
    onSpeechRealStart: () => handlers.onSpeechConfirmed(),
    onVADMisfire: () => {
      segment.end();
      handlers.onMisfire();
    },
    onSpeechEnd: (samples) => {
      segment.end();
      const endedAt = segment.lastSoundAt || performance.now();
      performance.mark("voice:speech-end", { startTime: endedAt });
      performance.mark("voice:detector-end");
      handlers.onUtterance({ kind: "samples", samples }, endedAt);
    },
  });
  serializeFrames(vad);
  let destroyed = false;
  return {
    kind: "vad",
    pause: () => {
      segment.end();
      void vad.pause();
    },
    resume: () => {
      if (!destroyed) void vad.start();
    },
    setPauseTolerance: (next) => vad.setOptions({ redemptionMs: PAUSE_TOLERANCE_MS[next] }),
    destroy: () => {
      destroyed = true;
      void vad.destroy().catch(() => undefined);
    },
  };
}
