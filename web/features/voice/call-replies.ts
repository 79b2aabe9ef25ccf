/**
 * What the turn endpoint's events do to the call (pure, part of call-transition.ts): the
 * stored ids, the reply's text and audio, its end, skip or failure, and the player's start.
 */
import type { CallEffect, CallState, Transition } from "./call-state";
import { endForTimeUp, lockCall } from "./call-lifecycle";
import { addLine, done, newTurn, NOTHING_HEARD, patchLine, sendOrWait, settle, withTurn } from "./call-turns";
import type { SpeechItem } from "./speech-player";

export function turnStored(
  state: CallState,
  seq: number,
  userMessageId: string,
  assistantMessageId: string,
): Transition {
  if (state.orphan?.seq === seq) {
    const next: CallState = { ...state, orphan: null };
    const effects: CallEffect[] = [{ type: "abortTurn", seq }];
    if (next.carry) return done({ ...next, carry: { ...next.carry, replaces: userMessageId } }, effects);
    if (next.turn?.waitingFor === "replaced-id")
      return sendOrWait({ ...next, turn: null }, { ...next.turn, replaces: userMessageId }, effects);
    return done(next, effects);
  }
  if (state.turn?.seq !== seq) return done(state);
  return done(withTurn(state, { userMessageId, assistantMessageId }));
}

export function replyText(state: CallState, seq: number, text: string): Transition {
  const turn = state.turn;
  if (turn?.seq !== seq) return done(state);
  const reply = turn.reply + text;
  if (turn.speculative) return done(withTurn(state, { reply }));
  if (turn.agentLine !== null) return done(patchLine(withTurn(state, { reply }), turn.agentLine, { text: reply }));
  const [next, agentLine] = addLine(state, { role: "agent", text: reply });
  return done(withTurn(next, { reply, agentLine }));
}

export function replyAudio(state: CallState, seq: number, item: SpeechItem): Transition {
  const turn = state.turn;
  if (turn?.seq !== seq) return done(state);
  if (turn.speculative || state.userSpeaking) {
    const held = withTurn(state, { held: [...turn.held, item] });
    return done(held, turn.held.length === 0 ? [{ type: "preload", item }] : []);
  }
  return done({ ...withTurn(state, { played: true }), playerBusy: true }, [{ type: "play", item }]);
}

export function turnDone(state: CallState, seq: number, response: string, securityLock: boolean): Transition {
  const turn = state.turn;
  if (turn?.seq !== seq) return done(state);
  let next = withTurn(state, { reply: response, open: false });
  if (!turn.speculative) {
    if (turn.agentLine !== null) next = patchLine(next, turn.agentLine, { text: response });
    else if (response) {
      const [withLine, agentLine] = addLine(next, { role: "agent", text: response });
      next = withTurn(withLine, { agentLine });
    }
  }
  if (securityLock) return lockCall(next);
  return settle(next);
}

export function skipTurn(state: CallState): Transition {
  const turn = state.turn;
  if (!turn) return done(state);
  const lines = state.lines.filter((line) => line.id !== turn.userLine);
  return settle({ ...state, lines, turn: { ...turn, open: false, waitingFor: null, speculative: false } });
}

export function turnFailed(
  state: CallState,
  seq: number,
  reason: "time-up" | "locked" | "error",
  stored: boolean,
): Transition {
  if (state.orphan?.seq === seq) return turnClosed(state, seq);
  const turn = state.turn;
  if (turn?.seq !== seq) return done(state);
  if (reason === "time-up") return endForTimeUp(state);
  if (reason === "locked") return lockCall(state);
  // A speculative start that failed costs nothing: the confirmed end of turn sends again.
  if (turn.speculative) return done({ ...state, turn: null, carry: { heard: turn.prior, replaces: turn.replaces } });
  const effects: CallEffect[] = [
    { type: "toast", toast: { title: "Error", description: "Failed to process your message", variant: "destructive" } },
  ];
  // Spec section 8: a failed voice message falls back to a text message, so nothing is lost.
  if (turn.heard.text && !stored && !turn.userMessageId) effects.push({ type: "sendAsText", text: turn.heard.text });
  return settle({ ...state, turn: { ...turn, open: false, held: [] } }, effects);
}

export function turnClosed(state: CallState, seq: number): Transition {
  if (state.orphan?.seq === seq) {
    // It ended without naming a stored message: the waiting turn replaces what the cancelled one did.
    const next: CallState = { ...state, orphan: null };
    if (next.turn?.waitingFor === "replaced-id") return sendOrWait({ ...next, turn: null }, next.turn);
    return done(next);
  }
  if (state.turn?.seq !== seq || !state.turn.open) return done(state);
  return settle(withTurn(state, { open: false }));
}

export function playbackStarted(state: CallState, at: number): Transition {
  const turn = state.turn;
  let next: CallState = { ...state, playerBusy: true };
  if (turn && (state.phase === "thinking" || state.phase === "listening")) next = { ...next, phase: "speaking" };
  const line = turn?.agentLine != null ? state.lines.find((l) => l.id === turn.agentLine) : undefined;
  if (turn?.speechEndedAt != null && line && line.latencyMs === undefined)
    next = patchLine(next, line.id, { latencyMs: Math.max(0, Math.round(at - turn.speechEndedAt)) });
  return done(next);
}

export function recordInterruption(state: CallState, line: number, spokenText: string): Transition {
  return done(patchLine(state, line, { text: spokenText, interrupted: true }));
}

/**
 * A person who took the call over typed a reply (issue 26). It is spoken in the call's voice as
 * a finished reply of its own, like the greeting: it can be spoken over and marked interrupted.
 * A turn still waiting for its (empty, held) answer is left behind: its end no longer matters.
 * Between calls (paused, ended) the words only join the transcript.
 */
export function personReplied(state: CallState, text: string, author: string): Transition {
  if (!state.conversationId) return done(state);
  const [withLine, agentLine] = addLine(state, { role: "agent", text, author });
  if (state.phase !== "listening" && state.phase !== "thinking" && state.phase !== "speaking") return done(withLine);
  const [next, turn] = newTurn(withLine, NOTHING_HEARD, null);
  return done({ ...next, phase: "speaking", userSpeaking: false, turn: { ...turn, agentLine } }, [
    { type: "clearInactivity" },
    { type: "speakReply", seq: turn.seq, text, language: state.language },
  ]);
}
