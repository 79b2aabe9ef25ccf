/**
 * The voice call as data: its state, the events that move it and the effects a move asks for.
 * call-transition.ts is the one pure function between them; call-effects.ts carries the
 * effects out (microphone, detector, network, player, timers, toasts). Decision text with the
 * states and events: docs/decisions/057-voice-call-state-machine.md.
 */
import type { LanguageCode } from "../../../contracts/voice";
import type { SpeechItem } from "./speech-player";
import type { ListenerKind } from "./turn-listeners";

/** What the dialog shows in its centre. */
export type Phase = "idle" | "starting" | "listening" | "thinking" | "speaking" | "paused" | "ended";

/**
 * How the dialog hears, decided when it opens and shown: the server transcribes the detector's
 * audio; the browser's recogniser (probed: actually started); or nothing can recognise speech
 * here, so the user types (with the reason, and whether a failed recogniser is being retried).
 */
export type Ear =
  | { kind: "checking" }
  | { kind: "server" }
  | { kind: "browser" }
  | { kind: "typed"; reason: string; retrying: boolean };

export type PauseTolerance = "short" | "normal" | "long";

export interface CallSettings {
  /** Speech over the agent stops it; off for noisy rooms (then such speech is ignored, spec section 4). */
  bargeIn: boolean;
  pauseTolerance: PauseTolerance;
}

/** A recording of the user: the detector's 16 kHz samples, or the recorder fallback's clip. */
export type Clip = { kind: "samples"; samples: Float32Array } | { kind: "recording"; blob: Blob };

/** What the user said in a turn: audio for the server to transcribe, or words already known. */
export interface Heard {
  clip: Clip | null;
  text: string | null;
}

export interface TranscriptLine {
  id: number;
  role: "user" | "agent";
  text: string;
  /** Agent lines: end of the user's speech → the reply's first sound, in ms. */
  latencyMs?: number;
  /** Agent lines: the user spoke over it; `text` is what was actually said. */
  interrupted?: boolean;
  /** Agent lines a person typed after taking the call over (issue 26): "Sam from Acme". */
  author?: string;
  /** Agent lines the app said around a tool call ("One moment.", an approval's question): not the reply. */
  aside?: boolean;
}

/** A tool call of the open turn that waits for the caller's yes or no (decision 149). */
export interface PendingApproval {
  seq: number;
  callId: string;
  name: string;
  /** The model's arguments, as JSON text. */
  arguments: string;
  /** The caller answered neither yes nor no once and was asked again: the next such answer denies. */
  reasked: boolean;
}

/** One request to the turn endpoint, from sending (or waiting to send) to its last event. */
export interface Turn {
  seq: number;
  /** Everything this request carries (earlier cancelled words joined in). */
  heard: Heard;
  /** The part of `heard` from earlier, cancelled requests (kept when a speculative start is cancelled). */
  prior: Heard;
  /** Started at a short pause, before the end of turn was confirmed: its audio waits. */
  speculative: boolean;
  /** Not sent yet: waiting for the browser's words, or for the id of the message it replaces. */
  waitingFor: "transcript" | "replaced-id" | null;
  replaces: string | null;
  userMessageId: string | null;
  assistantMessageId: string | null;
  userLine: number | null;
  agentLine: number | null;
  reply: string;
  /** Reply audio held back (speculative, or the user started speaking over it). */
  held: SpeechItem[];
  /** Some of this turn's audio has been handed to the player. */
  played: boolean;
  /** The request is open (sent and not yet finished). */
  open: boolean;
  /** performance.now() of the end of the user's speech, for the latency shown on the reply. */
  speechEndedAt: number | null;
  /** Ended by a pause: the server holds it (answers `incomplete`) if its words end mid-thought. */
  holdIfUnfinished: boolean;
  /** The server said its words end mid-thought: nothing was stored; the call listens on. */
  incomplete: boolean;
}

/**
 * A turn cancelled before the server said which message it stored: its request stays open,
 * silent, until the `stored` event names the message to replace (then it is aborted).
 */
export interface Orphan {
  seq: number;
}

export interface CallState {
  phase: Phase;
  ear: Ear;
  settings: CallSettings;
  language: LanguageCode;
  secondsLeft: number;
  sessionSeconds: number;
  conversationId: string | null;
  /** The detector hears the user talking right now. */
  userSpeaking: boolean;
  /** Playback paused because speech started over it; undone if it was not speech. */
  bargePending: boolean;
  muted: boolean;
  micOpen: boolean;
  listener: ListenerKind | null;
  lines: TranscriptLine[];
  nextLineId: number;
  nextSeq: number;
  turn: Turn | null;
  orphan: Orphan | null;
  /** Words of a cancelled turn that the next utterance joins, and the message they replace. */
  carry: { heard: Heard; replaces: string | null } | null;
  /**
   * The carried words ended mid-thought (call-turn-taking.ts): the call waits a little longer
   * for more speech, then sends them as the turn. `endedAt` is when their speech ended.
   */
  heldForMore: { endedAt: number | null } | null;
  playerBusy: boolean;
  /** Tool calls of the open turn waiting for the caller's yes or no, oldest first: an answer decides the first. */
  approvals: PendingApproval[];
  recognizerRetries: number;
  /** The agent, for the greeting and the time-up toast. */
  agentName: string;
}

/** What a call hands on when it changes engine (realtime → cascade). */
export interface CarriedCall {
  conversationId: string;
  lines: TranscriptLine[];
  secondsLeft: number;
  language: LanguageCode;
  /** Why, as the person is told. */
  message: string;
}

export interface ToastSpec {
  title: string;
  description: string;
  variant?: "destructive";
}

export type CallEvent =
  | { type: "earDecided"; ear: Ear }
  /** The realtime engine failed mid-call: the cascade carries on with its conversation, lines and time. */
  | { type: "carriedOver"; carried: CarriedCall }
  | { type: "startPressed" }
  | { type: "micOpened" }
  | { type: "micDenied" }
  | { type: "conversationCreated"; id: string; greetingMessageId: string | null; greeting: string }
  | { type: "conversationFailed"; message: string | null }
  | { type: "listenerStarted"; kind: ListenerKind | null }
  | { type: "speechStarted" }
  | { type: "speechConfirmed" }
  /** Speech long enough to be an interruption, not a backchannel (turn-listeners.ts INTERRUPT_SPEECH_MS). */
  | { type: "speechSustained" }
  /** The words of a short utterance spoken over the agent (checkOverlap), "" when unknown. */
  | { type: "overlapHeard"; clip: Clip; text: string; at: number }
  /** The server held a turn whose words end mid-thought. */
  | { type: "turnIncomplete"; seq: number }
  /** The extra wait for the rest of an unfinished thought ran out. */
  | { type: "waitForMoreOver" }
  | { type: "misfire" }
  /** A person who took the call over typed a reply (issue 26): the call speaks it in its voice. */
  | { type: "personReplied"; text: string; author: string }
  | { type: "speechPaused"; clip: Clip; at: number }
  | { type: "speechResumed" }
  | { type: "utteranceEnded"; clip: Clip; at: number }
  | { type: "transcriptReady"; seq: number; text: string }
  /** Words known without the server: typed in the dialog, or a recogniser-only listener's result. */
  | { type: "textTurn"; text: string; at: number }
  | { type: "turnStored"; seq: number; userMessageId: string; assistantMessageId: string }
  | { type: "turnHeard"; seq: number; text: string }
  | { type: "replyText"; seq: number; text: string }
  | { type: "replyAudio"; seq: number; item: SpeechItem }
  | { type: "turnDone"; seq: number; response: string; securityLock: boolean }
  | { type: "turnSkipped"; seq: number }
  | { type: "turnFailed"; seq: number; reason: "time-up" | "locked" | "error"; stored: boolean }
  | { type: "turnClosed"; seq: number }
  | { type: "playbackStarted"; at: number }
  | { type: "playbackIdle" }
  | { type: "interruptionRecorded"; line: number; spokenText: string }
  | { type: "fallbackReplied"; text: string }
  /** A tool call of the turn waits for the caller's approval (its question is spoken as an aside). */
  | { type: "approvalAsked"; seq: number; callId: string; name: string; arguments: string }
  /** The call was decided (it runs, or it ended): no longer waiting. */
  | { type: "approvalSettled"; callId: string }
  /** The caller's words while a call waits: typed, recognised or transcribed. */
  | { type: "approvalHeard"; text: string }
  | { type: "approvalPressed"; callId: string; decision: "approve" | "deny" }
  /** A line the server spoke around a tool call, for the transcript. */
  | { type: "asideSpoken"; seq: number; text: string }
  | { type: "tick"; secondsLeft: number }
  | { type: "timeUp" }
  /** Stop pressed (typed turns: no voice to speak over the reply with). */
  | { type: "stopReplyPressed" }
  | { type: "inactive" }
  | { type: "recognizerFailed"; reason: string }
  | { type: "recognizerRetryDue" }
  | { type: "recognizerHealthy" }
  | { type: "muteToggled" }
  | { type: "settingsChanged"; settings: Partial<CallSettings> }
  | { type: "languageChanged"; language: LanguageCode }
  | { type: "closed" };

export type CallEffect =
  | { type: "openMicrophone" }
  | { type: "releaseMicrophone" }
  | { type: "createConversation" }
  | { type: "startListener" }
  | { type: "stopListener" }
  | { type: "setListening"; on: boolean }
  | { type: "configureDetector"; pauseTolerance: PauseTolerance }
  /** A finished reply spoken whole through /api/tts: the greeting, a person's typed reply. */
  | { type: "speakReply"; seq: number; text: string; language: LanguageCode }
  | { type: "takeTranscript"; seq: number }
  | { type: "clearTranscript" }
  | {
      type: "sendTurn";
      seq: number;
      conversationId: string;
      heard: Heard;
      replaces: string | null;
      language: LanguageCode;
      holdIfUnfinished?: boolean;
    }
  | { type: "abortTurn"; seq: number }
  /** Transcribe a short utterance spoken over the agent, to tell a backchannel from an interruption. */
  | { type: "checkOverlap"; clip: Clip; language: LanguageCode; at: number }
  /** Wait this long for more speech after words that end mid-thought, then dispatch waitForMoreOver. */
  | { type: "waitForMore"; ms: number }
  | { type: "stopWaitingForMore" }
  | { type: "play"; item: SpeechItem }
  /** Reply audio that must wait (speculative turn, user speaking): loaded now, so it plays at once when released. */
  | { type: "preload"; item: SpeechItem }
  | { type: "pausePlayback" }
  | { type: "resumePlayback" }
  | {
      type: "stopPlayback";
      /** The reply spoken over (barge-in) or cut by the end of the call: its record keeps what was actually said. */
      interrupted: { conversationId: string; messageId: string | null; line: number; seq: number } | null;
    }
  /** The call is over: the server records its wall length as its duration. */
  | { type: "endCall"; conversationId: string }
  | { type: "startCountdown"; seconds: number }
  | { type: "armInactivity" }
  | { type: "clearInactivity" }
  | { type: "stopTimers" }
  | { type: "toast"; toast: ToastSpec }
  | { type: "closeDialogSoon" }
  | { type: "retryRecognizerIn"; ms: number }
  | { type: "restartRecognizer" }
  | { type: "setRecognizerLanguage"; language: LanguageCode }
  | { type: "sendAsText"; text: string }
  | { type: "saveSettings"; settings: CallSettings }
  | { type: "disposePlayer" }
  /** The caller's yes or no, through the chat's approve and deny routes: the caller is recorded as deciding. */
  | { type: "decideToolCall"; conversationId: string; callId: string; decision: "approve" | "deny" }
  /** The words of an utterance spoken while a call waits for approval: dispatches approvalHeard. */
  | { type: "hearAnswer"; clip: Clip; language: LanguageCode };

export interface Transition {
  state: CallState;
  effects: CallEffect[];
}

export const DEFAULT_SETTINGS: CallSettings = { bargeIn: true, pauseTolerance: "normal" };

export function initialCallState(options: {
  sessionSeconds: number;
  agentName: string;
  serverStt: boolean;
  settings?: CallSettings;
}): CallState {
  return {
    phase: "idle",
    ear: options.serverStt ? { kind: "server" } : { kind: "checking" },
    settings: options.settings ?? DEFAULT_SETTINGS,
    language: "en-US",
    secondsLeft: options.sessionSeconds,
    sessionSeconds: options.sessionSeconds,
    conversationId: null,
    userSpeaking: false,
    bargePending: false,
    muted: false,
    micOpen: false,
    listener: null,
    lines: [],
    nextLineId: 1,
    nextSeq: 1,
    turn: null,
    orphan: null,
    carry: null,
    heldForMore: null,
    playerBusy: false,
    approvals: [],
    recognizerRetries: 0,
    agentName: options.agentName,
  };
}
