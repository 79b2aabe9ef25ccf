/**
 * The call's life around its turns (pure, part of call-transition.ts): starting or continuing,
 * the greeting, the recogniser's failures and retries, mute, a lock, the end.
 */
import type { CallEffect, CallState, CarriedCall, Transition } from "./call-state";
import { addLine, done, newTurn, releaseHeld } from "./call-turns";

/** A failed recogniser is tried again after 1 s, 2 s and 4 s, then left (never a tight loop). */
export const RECOGNIZER_RETRIES = 3;
export const RECOGNIZER_FIRST_RETRY_MS = 1000;

const SECURITY_ALERT = {
  title: "Security Alert",
  description: "This conversation has been locked for security reasons. Please try again in 30 minutes.",
  variant: "destructive",
} as const;

export function start(state: CallState): Transition {
  const { phase, ear } = state;
  if (phase !== "idle" && phase !== "ended" && phase !== "paused") return done(state);
  if (ear.kind === "checking") return done(state);
  const continuing = phase === "paused" && state.conversationId !== null;
  const fresh: CallState = continuing ? state : { ...state, conversationId: null, lines: [], carry: null };
  // Nothing can recognise speech here: the call runs on typed turns, without the microphone.
  if (ear.kind === "typed") {
    if (continuing) return resume(fresh);
    return done({ ...fresh, phase: "starting" }, [{ type: "createConversation" }]);
  }
  return done({ ...fresh, phase: "starting" }, [{ type: "openMicrophone" }]);
}

/**
 * The realtime engine failed: the same conversation goes on here. With the microphone heard
 * by the server it goes straight on; otherwise (the ear still being checked, or typed turns)
 * it waits paused for the person to continue. The countdown goes on from where it was.
 */
export function carryOver(state: CallState, carried: CarriedCall): Transition {
  const lastId = carried.lines.reduce((max, line) => Math.max(max, line.id), 0);
  const carriedState: CallState = {
    ...state,
    conversationId: carried.conversationId,
    lines: carried.lines,
    nextLineId: lastId + 1,
    secondsLeft: carried.secondsLeft,
    language: carried.language,
  };
  const effects: CallEffect[] = [
    { type: "startCountdown", seconds: carried.secondsLeft },
    { type: "toast", toast: { title: "Standard voice", description: carried.message } },
  ];
  if (state.ear.kind !== "server") return done({ ...carriedState, phase: "paused" }, effects);
  return done({ ...carriedState, phase: "starting" }, [...effects, { type: "openMicrophone" }]);
}

/** Continuing a paused call: the countdown never stopped (the server's limit does not). */
export function resume(state: CallState): Transition {
  const effects: CallEffect[] = state.micOpen ? [{ type: "startListener" }] : [];
  return done({ ...state, phase: "listening", userSpeaking: false }, [...effects, { type: "armInactivity" }]);
}

export function greet(state: CallState, id: string, greetingMessageId: string | null, greeting: string): Transition {
  if (state.phase !== "starting") return done(state);
  const [withLine, agentLine] = addLine(
    { ...state, conversationId: id, lines: [], secondsLeft: state.sessionSeconds },
    { role: "agent", text: greeting },
  );
  // The greeting is a finished reply like any other: it can be spoken over and marked interrupted.
  const [created, turn] = newTurn(withLine, { clip: null, text: null }, null);
  const effects: CallEffect[] = [{ type: "startCountdown", seconds: state.sessionSeconds }];
  if (state.micOpen) effects.push({ type: "startListener" });
  effects.push({ type: "speakReply", seq: turn.seq, text: greeting, language: state.language });
  return done(
    { ...created, phase: "speaking", turn: { ...turn, assistantMessageId: greetingMessageId, agentLine } },
    effects,
  );
}

export function recognizerFailed(state: CallState, reason: string): Transition {
  if (state.ear.kind === "server" || state.ear.kind === "checking") return done(state);
  if (state.ear.kind === "typed" && !state.ear.retrying) return done(state);
  const retries = state.recognizerRetries;
  if (retries >= RECOGNIZER_RETRIES) return done({ ...state, ear: { kind: "typed", reason, retrying: false } });
  return done({ ...state, ear: { kind: "typed", reason, retrying: true }, recognizerRetries: retries + 1 }, [
    { type: "retryRecognizerIn", ms: RECOGNIZER_FIRST_RETRY_MS * 2 ** retries },
  ]);
}

export function toggleMute(state: CallState): Transition {
  const muted = !state.muted;
  const effects: CallEffect[] = [{ type: "setListening", on: !muted }];
  if (muted && state.bargePending) effects.push({ type: "resumePlayback" });
  const next: CallState = { ...state, muted, userSpeaking: false, bargePending: false };
  if (!muted) return done(next, effects);
  const released = releaseHeld(next);
  return done(released.state, [...effects, ...released.effects]);
}

export function lockCall(state: CallState): Transition {
  return done({ ...state, phase: "paused", turn: null, userSpeaking: false, micOpen: false, listener: null }, [
    { type: "toast", toast: SECURITY_ALERT },
    { type: "clearInactivity" },
    { type: "stopListener" },
    { type: "releaseMicrophone" },
  ]);
}

export function endForTimeUp(state: CallState): Transition {
  return done({ ...teardownState(state), phase: "ended", secondsLeft: 0 }, [
    ...teardownEffects(state),
    {
      type: "toast",
      toast: { title: "Conversation Ended", description: `Time's up! Thank you for speaking with ${state.agentName}` },
    },
    { type: "closeDialogSoon" },
  ]);
}

export function teardownState(state: CallState): CallState {
  return {
    ...state,
    turn: null,
    orphan: null,
    userSpeaking: false,
    bargePending: false,
    micOpen: false,
    listener: null,
    playerBusy: false,
  };
}

export function teardownEffects(state: CallState): CallEffect[] {
  const effects: CallEffect[] = [{ type: "stopTimers" }];
  if (state.turn?.open) effects.push({ type: "abortTurn", seq: state.turn.seq });
  if (state.orphan) effects.push({ type: "abortTurn", seq: state.orphan.seq });
  effects.push(
    { type: "stopPlayback", interrupted: cutReply(state) },
    { type: "stopListener" },
    { type: "releaseMicrophone" },
  );
  // Once: closing the dialog after the time ran out ends nothing more.
  if (state.conversationId && state.phase !== "ended")
    effects.push({ type: "endCall", conversationId: state.conversationId });
  return effects;
}

/** The reply being played when the call ends (hung up, time up): it is cut, and recorded so. */
function cutReply(state: CallState): (CallEffect & { type: "stopPlayback" })["interrupted"] {
  const turn = state.turn;
  if (state.phase !== "speaking" || !state.conversationId || turn?.agentLine == null) return null;
  return {
    conversationId: state.conversationId,
    messageId: turn.assistantMessageId,
    line: turn.agentLine,
    seq: turn.seq,
  };
}
