/**
 * Turn-taking by meaning (pure, part of call-transition.ts), decision 140:
 *  - a turn ended by a pause whose words end mid-thought is held by the server (`incomplete`);
 *    its words are carried, and the call waits UNFINISHED_WAIT_MS more for the rest before
 *    sending them as they are;
 *  - speech over the agent pauses the reply at once; it interrupts when it goes on
 *    (INTERRUPT_SPEECH_MS), or when its words, once transcribed, are not a backchannel;
 *    "mm-hm", "okay", "ja", "はい" let the reply go on from where it paused.
 */
import { isMeaningfulTranscript } from "../../../contracts/voice";
import { isBackchannel } from "../../../contracts/voice-turn-taking";
import type { CallEffect, CallState, Clip, Transition } from "./call-state";
import { done, NOTHING_HEARD, newTurn, releaseHeld, sendOrWait, showUserLine, withTurn } from "./call-turns";
import { UNFINISHED_WAIT_MS } from "./turn-listeners";

/** Barge-in made final: what was played of the reply is kept, marked cut; the rest is dropped. */
export function interruptReply(state: CallState): Transition {
  const turn = state.turn;
  if (!state.conversationId) return done(state);
  const effects: CallEffect[] = [
    {
      type: "stopPlayback",
      interrupted:
        turn?.agentLine != null
          ? {
              conversationId: state.conversationId,
              messageId: turn.assistantMessageId,
              line: turn.agentLine,
              seq: turn.seq,
            }
          : null,
    },
  ];
  if (turn?.open) effects.push({ type: "abortTurn", seq: turn.seq });
  return done({ ...state, phase: "listening", turn: null, bargePending: false, playerBusy: false }, effects);
}

/** Whether speech over the agent waits for its words (or its length) before interrupting. */
export function judgesOverlap(state: CallState): boolean {
  return state.ear.kind === "server" && state.phase === "speaking" && state.bargePending;
}

/** Speech over the agent that went on long enough is an interruption, whatever its words. */
export function speechSustained(state: CallState): Transition {
  if (!judgesOverlap(state) || state.muted) return done(state);
  return interruptReply(state);
}

/** A short utterance over the agent ended: the reply stays paused while its words are checked. */
export function overlapEnded(state: CallState, clip: Clip, at: number): Transition {
  return done({ ...state, userSpeaking: false }, [{ type: "checkOverlap", clip, language: state.language, at }]);
}

/** The words of that utterance: a backchannel lets the reply go on; anything else interrupts and is answered. */
export function overlapHeard(state: CallState, clip: Clip, text: string, at: number): Transition {
  if (!judgesOverlap(state) || state.userSpeaking) return done(state);
  if (!text.trim() || isBackchannel(text, state.language)) {
    const released = releaseHeld({ ...state, bargePending: false });
    return done(released.state, [{ type: "resumePlayback" }, ...released.effects]);
  }
  const interrupted = interruptReply(state);
  if (!isMeaningfulTranscript(text)) return interrupted;
  const [created, turn] = newTurn(interrupted.state, { clip, text: text.trim() }, at);
  const [shown, withLine] = showUserLine({ ...created, phase: "thinking" }, turn);
  return sendOrWait(shown, withLine, [...interrupted.effects, { type: "clearInactivity" }]);
}

/** The server held the turn: its words end mid-thought. */
export function turnIncomplete(state: CallState, seq: number): Transition {
  const turn = state.turn;
  if (turn?.seq !== seq) return done(state);
  // Still speculative: the detector's end of turn decides (utteranceEnded → holdForMore).
  if (turn.speculative) return done(withTurn(state, { incomplete: true, open: false }));
  return holdForMore(state);
}

/** Carries the unfinished words and listens on, for at most UNFINISHED_WAIT_MS more. */
export function holdForMore(state: CallState): Transition {
  const turn = state.turn;
  if (!turn) return done(state);
  const lines = state.lines.filter((line) => line.id !== turn.userLine && line.id !== turn.agentLine);
  return done(
    {
      ...state,
      lines,
      turn: null,
      phase: "listening",
      carry: { heard: turn.heard, replaces: turn.replaces },
      heldForMore: { endedAt: turn.speechEndedAt },
    },
    [{ type: "waitForMore", ms: UNFINISHED_WAIT_MS }],
  );
}

/** No more speech came: the carried words are the turn, sent as its end for certain. */
export function waitForMoreOver(state: CallState): Transition {
  const held = state.heldForMore;
  if (!held || state.turn || state.userSpeaking || state.phase !== "listening" || !state.carry) return done(state);
  const [created, turn] = newTurn(state, NOTHING_HEARD, held.endedAt);
  const [shown, withLine] = showUserLine({ ...created, phase: "thinking" }, turn);
  return sendOrWait(shown, withLine, [{ type: "clearInactivity" }]);
}

/** A sound that was not speech while words were held: the wait for the rest starts again. */
export function rearmWaitForMore(state: CallState): CallEffect[] {
  return state.heldForMore && !state.turn ? [{ type: "waitForMore", ms: UNFINISHED_WAIT_MS }] : [];
}
