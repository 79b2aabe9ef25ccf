/**
 * One recorded clip through the call's real turn-taking, in Node, on a virtual clock: the
 * clip's 32 ms frames go to the same Silero v5 model (onnxruntime-web's WebAssembly, as in the
 * browser) and the same @ricky0123/vad-web FrameProcessor with the dialog's settings
 * (turn-listeners.ts VAD_SETTINGS, PAUSE_TOLERANCE_MS), with the dialog's SpeechSegment beside
 * it (speculative pauses, resumes, sustained speech), wired as vad-listener.ts and
 * call-effects.ts wire them into the call's pure state machine (call-transition.ts). What the
 * browser would do outside that machine is played here: the turn endpoint holds a turn whose
 * words end mid-thought with the server's own rule (contracts/voice-turn-taking.ts
 * endsMidThought, as server/voice/voice-turn.ts does), the player follows play/pause/resume/stop,
 * and timers run on the virtual clock.
 *
 * The transcriber is an oracle: every frame of a clip is distinct (make-clips.ts adds a faint
 * noise floor), so the words in any piece of audio the call sends are the clip's parts whose
 * frames it holds — written as a speech-to-text model writes them, a cut-off part with a full
 * stop. The server answers after `sttMs` and its reply's first audio comes `replyMs` later;
 * 0 and 0 by default, the strictest case (a reply to half a sentence is ready at once).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { FrameProcessor, Message } from "@ricky0123/vad-web";
import * as ort from "onnxruntime-web";
import { isMeaningfulTranscript } from "../../contracts/voice.js";
import type { LanguageCode } from "../../contracts/voice-languages.js";
import { endsMidThought } from "../../contracts/voice-turn-taking.js";
import { readPcm16Samples } from "../../server/providers/tts/wav.js";
import type { CallEvent, CallState } from "../../web/features/voice/call-state.js";
import { initialCallState } from "../../web/features/voice/call-state.js";
import { transition } from "../../web/features/voice/call-transition.js";
import { SpeechSegment } from "../../web/features/voice/speech-segment.js";
import {
  INTERRUPT_SPEECH_MS,
  PAUSE_TOLERANCE_MS,
  SPECULATIVE_PAUSE_MS,
  VAD_SETTINGS,
} from "../../web/features/voice/turn-listeners.js";
import type { ClipEntry } from "./make-clips.js";

type FrameProcessorEvent = Parameters<Parameters<FrameProcessor["process"]>[1]>[0];

const FRAME = 512;
const RATE = 16_000;
const FRAME_MS = (FRAME * 1000) / RATE;
/** As vad-listener.ts: samples this loud count as sound. */
const SOUND_LEVEL = 0.01;
const LEAD_FRAMES = 16;
/** Quiet after the clip: long enough for every wait (detector, unfinished thought) to run out. */
const TAIL_MS = 4000;

interface SileroModel {
  process(frame: Float32Array): Promise<{ isSpeech: number; notSpeech: number }>;
  reset_state(): void;
}

export async function loadSilero(): Promise<SileroModel> {
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = "error";
  // The model class is not in the package's index; its file is (dist/models/silero.js).
  const { Silero } = (await import("@ricky0123/vad-web/dist/models/silero.js")) as unknown as {
    Silero: { new: (o: typeof ort, fetch: () => Promise<ArrayBuffer>) => Promise<SileroModel> };
  };
  const file = readFileSync(createRequire(import.meta.url).resolve("@ricky0123/vad-web/dist/silero_vad_v5.onnx"));
  return Silero.new(ort, async () => file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
}

export interface ClipOutcome {
  id: string;
  language: string;
  kind: string;
  /** Pause clips: a reply to part of the sentence started to sound. */
  split: boolean;
  /** Backchannel clips: the reply was stopped, a turn was sent, or it was left paused. */
  interrupted: boolean;
  /** Controls: the expected thing happened (interruption stopped the reply; complete answered at once). */
  passed: boolean;
  /** What the call sent as turns, as the transcriber heard them. */
  turns: string[];
  note: string;
}

export interface ClipCallOptions {
  sttMs: number;
  replyMs: number;
}

/** The writing of a part cut off before its end: a transcriber closes a fragment with a full stop. */
export function asTranscribed(text: string, language: string): string {
  if (/[.!?。！？,，、:;…]$/u.test(text)) return text;
  return text + (/^(ja|zh)/.test(language) ? "。" : ".");
}

export async function runClip(
  model: SileroModel,
  clip: ClipEntry,
  dir: string,
  options: ClipCallOptions,
): Promise<ClipOutcome> {
  const language = clip.language as LanguageCode;
  const pcm = readPcm16Samples(readFileSync(join(dir, clip.file)));
  const source = Float32Array.from(pcm, (s) => s / 32768);
  // The microphone's stream: quiet, the clip (frame-aligned), quiet.
  const tailFrames = Math.ceil(TAIL_MS / FRAME_MS);
  const clipFrames = Math.ceil(source.length / FRAME);
  const stream = new Float32Array((LEAD_FRAMES + clipFrames + tailFrames) * FRAME);
  stream.set(source, LEAD_FRAMES * FRAME);
  const offset = LEAD_FRAMES * FRAME;
  let seed = 7;
  for (let i = 0; i < stream.length; i++) {
    if (i >= offset && i < offset + source.length) continue;
    seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
    stream[i] = ((seed / 2 ** 32) * 2 - 1) * (16 / 32768);
  }
  // Frame fingerprints → stream frame index, for the oracle transcriber.
  const key = (f: Float32Array, at = 0) =>
    `${f[at]},${f[at + 1]},${f[at + 7]},${f[at + 100]},${f[at + 333]},${f[at + 511]}`;
  const frameAt = new Map<string, number>();
  for (let k = 0; k * FRAME < stream.length; k++) frameAt.set(key(stream, k * FRAME), k);
  const full = clip.parts.map((p) => p.text).join(/^(ja|zh)/.test(language) ? "" : " ");

  function transcribe(samples: Float32Array): string {
    const covered = new Set<number>();
    for (let at = 0; at + FRAME <= samples.length; at += FRAME) {
      const k = frameAt.get(key(samples, at));
      if (k !== undefined) covered.add(k);
    }
    const sep = /^(ja|zh)/.test(language) ? "" : " ";
    const pieces: string[] = [];
    let cut = false;
    for (const part of clip.parts) {
      const first = Math.floor((part.start + offset) / FRAME);
      const last = Math.ceil((part.end + offset) / FRAME);
      let count = 0;
      for (let k = first; k < last; k++) if (covered.has(k)) count++;
      const share = count / (last - first);
      if (share >= 0.9) {
        pieces.push(part.text);
        continue;
      }
      // Part of a part: the words spoken in that share of its time (espeak speaks evenly).
      const units = sep ? part.text.split(" ") : [...part.text];
      const kept = units.slice(0, Math.floor(share * units.length)).join(sep);
      if (kept) pieces.push(kept);
      if (share > 0) cut = true;
    }
    if (!cut && pieces.length === clip.parts.length) return full;
    if (pieces.length === 0) return "";
    pieces[pieces.length - 1] = asTranscribed(pieces[pieces.length - 1], language);
    return pieces.join(sep);
  }

  // ---- the browser around the state machine ----
  let now = 0;
  const timers: { at: number; id: number; run: () => void }[] = [];
  let timerId = 0;
  let waitTimer = -1;
  const later = (ms: number, run: () => void) => {
    timers.push({ at: now + ms, id: ++timerId, run });
    return timerId;
  };
  const aborted = new Set<number>();
  const turnText = new Map<number, string>();
  const sent: string[] = [];
  let split = false;
  let replies = 0;
  let stopped = false;
  let waitedForMore = false;
  const overlaps: string[] = [];
  let misfires = 0;
  const player = { sounding: false, paused: false };
  let state: CallState = initialCallState({ sessionSeconds: 600, agentName: "Bench", serverStt: true });
  let counting = false;

  const dispatch = (event: CallEvent): void => {
    const next = transition(state, event);
    state = next.state;
    if (!counting) return;
    for (const effect of next.effects) {
      switch (effect.type) {
        case "sendTurn": {
          const text = effect.heard.clip?.kind === "samples" ? transcribe(effect.heard.clip.samples) : "";
          const words = [effect.heard.text, text].filter(Boolean).join(" ");
          turnText.set(effect.seq, words);
          sent.push(words);
          const seq = effect.seq;
          later(options.sttMs, () => {
            if (aborted.has(seq)) return;
            if (!isMeaningfulTranscript(words)) return dispatch({ type: "turnSkipped", seq });
            if (effect.holdIfUnfinished && endsMidThought(words, language))
              return dispatch({ type: "turnIncomplete", seq });
            dispatch({ type: "turnStored", seq, userMessageId: `u${seq}`, assistantMessageId: `a${seq}` });
            dispatch({ type: "turnHeard", seq, text: words });
            dispatch({ type: "replyText", seq, text: "Let me look at that for you." });
            later(options.replyMs, () => {
              if (aborted.has(seq)) return;
              dispatch({
                type: "replyAudio",
                seq,
                item: { kind: "audio", url: `data:audio/wav;base64,${seq}`, text: "Let me look.", reply: seq },
              });
              dispatch({ type: "turnDone", seq, response: "Let me look at that for you.", securityLock: false });
              dispatch({ type: "turnClosed", seq });
            });
          });
          break;
        }
        case "abortTurn":
          aborted.add(effect.seq);
          break;
        case "checkOverlap": {
          const text = effect.clip.kind === "samples" ? transcribe(effect.clip.samples) : "";
          overlaps.push(text);
          later(options.sttMs, () => dispatch({ type: "overlapHeard", clip: effect.clip, text, at: effect.at }));
          break;
        }
        case "waitForMore":
          waitedForMore = true;
          timers.splice(0, timers.length, ...timers.filter((t) => t.id !== waitTimer));
          waitTimer = later(effect.ms, () => dispatch({ type: "waitForMoreOver" }));
          break;
        case "stopWaitingForMore":
          timers.splice(0, timers.length, ...timers.filter((t) => t.id !== waitTimer));
          break;
        case "play": {
          const words = turnText.get(effect.item.reply) ?? "";
          replies += 1;
          if (clip.kind === "pause" && words !== full) split = true;
          if (!player.sounding) {
            player.sounding = true;
            later(0, () => dispatch({ type: "playbackStarted", at: now }));
          }
          break;
        }
        case "pausePlayback":
          player.paused = true;
          break;
        case "resumePlayback":
          player.paused = false;
          break;
        case "stopPlayback":
          stopped = true;
          player.sounding = false;
          player.paused = false;
          if (effect.interrupted)
            dispatch({ type: "interruptionRecorded", line: effect.interrupted.line, spokenText: "Let me" });
          break;
        default:
          break;
      }
    }
  };

  // A call that has greeted and listens; for speech over the agent, one whose reply is playing.
  dispatch({ type: "startPressed" });
  dispatch({ type: "micOpened" });
  dispatch({ type: "languageChanged", language });
  dispatch({ type: "conversationCreated", id: "conv", greetingMessageId: "greeting", greeting: "Hello." });
  const greetSeq = state.turn?.seq ?? 0;
  dispatch({
    type: "replyAudio",
    seq: greetSeq,
    item: { kind: "audio", url: "data:,", text: "Hello.", reply: greetSeq },
  });
  dispatch({ type: "playbackStarted", at: 0 });
  dispatch({ type: "playbackIdle" });
  const overAgent = clip.kind === "backchannel" || clip.kind === "interruption";
  if (overAgent) {
    dispatch({ type: "speechStarted" });
    dispatch({ type: "speechConfirmed" });
    dispatch({ type: "utteranceEnded", clip: { kind: "samples", samples: new Float32Array(FRAME * 20) }, at: 0 });
    const seq = state.turn?.seq ?? 0;
    dispatch({ type: "turnStored", seq, userMessageId: "u0", assistantMessageId: "a0" });
    dispatch({ type: "replyText", seq, text: "Your parcel left our warehouse this morning and should arrive soon." });
    dispatch({
      type: "replyAudio",
      seq,
      item: { kind: "audio", url: "data:,", text: "Your parcel left.", reply: seq },
    });
    dispatch({ type: "playbackStarted", at: 0 });
    player.sounding = true;
    if (state.phase !== "speaking") throw new Error(`set-up: expected the agent speaking, got ${state.phase}`);
  }
  counting = true;

  // ---- the detector, as vad-listener.ts wires it ----
  model.reset_state();
  const segment = new SpeechSegment({
    sampleRate: RATE,
    padFrames: Math.floor(VAD_SETTINGS.preSpeechPadMs / 32),
    pauseMs: SPECULATIVE_PAUSE_MS,
    positiveThreshold: VAD_SETTINGS.positiveSpeechThreshold,
    negativeThreshold: VAD_SETTINGS.negativeSpeechThreshold,
    soundLevel: SOUND_LEVEL,
    sustainMs: INTERRUPT_SPEECH_MS,
  });
  const processor = new FrameProcessor(
    (frame) => model.process(frame),
    () => model.reset_state(),
    {
      positiveSpeechThreshold: VAD_SETTINGS.positiveSpeechThreshold,
      negativeSpeechThreshold: VAD_SETTINGS.negativeSpeechThreshold,
      redemptionMs: PAUSE_TOLERANCE_MS[state.settings.pauseTolerance],
      preSpeechPadMs: VAD_SETTINGS.preSpeechPadMs,
      minSpeechMs: VAD_SETTINGS.minSpeechMs,
      submitUserSpeechOnPause: false,
    },
    FRAME_MS,
  );
  processor.resume();
  const onEvent = (event: FrameProcessorEvent): void => {
    switch (event.msg) {
      case Message.FrameProcessed: {
        const signal = segment.frame(event.probs.isSpeech, event.frame, now);
        if (signal?.kind === "pause")
          dispatch({ type: "speechPaused", clip: { kind: "samples", samples: signal.samples }, at: signal.endedAt });
        else if (signal?.kind === "resume") dispatch({ type: "speechResumed" });
        else if (signal?.kind === "sustained") dispatch({ type: "speechSustained" });
        break;
      }
      case Message.SpeechStart:
        segment.start();
        dispatch({ type: "speechStarted" });
        break;
      case Message.SpeechRealStart:
        dispatch({ type: "speechConfirmed" });
        break;
      case Message.VADMisfire:
        misfires += 1;
        segment.end();
        dispatch({ type: "misfire" });
        break;
      case Message.SpeechEnd:
        segment.end();
        dispatch({
          type: "utteranceEnded",
          clip: { kind: "samples", samples: event.audio },
          at: segment.lastSoundAt || now,
        });
        break;
      default:
        break;
    }
  };

  for (let k = 0; k * FRAME < stream.length; k++) {
    now = (k + 1) * FRAME_MS;
    timers.sort((a, b) => a.at - b.at || a.id - b.id);
    while (timers.length > 0 && timers[0].at <= now) timers.shift()?.run();
    // A copy per frame: the worklet hands the model a fresh buffer each time.
    await processor.process(stream.slice(k * FRAME, (k + 1) * FRAME), onEvent);
  }
  while (timers.length > 0) {
    timers.sort((a, b) => a.at - b.at || a.id - b.id);
    const next = timers.shift();
    if (!next) break;
    now = Math.max(now, next.at);
    next.run();
  }

  const interrupted = overAgent && (stopped || sent.length > 0 || player.paused);
  let passed: boolean;
  let note = "";
  if (clip.kind === "pause") {
    passed = !split && sent.some((t) => t === full) && replies > 0;
    if (split) note = `answered a part: ${JSON.stringify(sent)}`;
    else if (!passed) note = `whole sentence never answered: ${JSON.stringify(sent)}`;
  } else if (clip.kind === "backchannel") {
    passed = !interrupted;
    if (stopped) note = "reply stopped";
    else if (sent.length > 0) note = `turn sent: ${JSON.stringify(sent)}`;
    else if (player.paused) note = "reply left paused";
    else
      note = overlaps.length
        ? `words checked, let go: ${JSON.stringify(overlaps)}`
        : `${misfires > 0 ? "too short to be speech" : "not heard as speech"}`;
  } else if (clip.kind === "interruption") {
    passed = stopped && sent.length > 0;
    if (!passed) note = stopped ? "stopped, no turn" : "reply played on";
  } else {
    passed = replies > 0 && !waitedForMore;
    if (!passed) note = replies === 0 ? "never answered" : "waited for more";
  }
  if (passed && !note) note = `turns sent ${JSON.stringify(sent)}`;
  return {
    id: clip.id,
    language: clip.language,
    kind: clip.kind,
    split,
    interrupted,
    passed,
    turns: sent,
    note,
  };
}
