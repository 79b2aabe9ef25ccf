/**
 * The turn half of the call's state machine (pure): starting, sending, cancelling, settling a
 * user turn and the reply it streams. call-transition.ts routes events here.
 */
import { isMeaningfulTranscript } from "../../../contracts/voice";
import type { CallEffect, CallState, Clip, Heard, TranscriptLine, Transition, Turn } from "./call-state";

export const NOTHING_HEARD: Heard = { clip: null, text: null };

export function done(state: CallState, effects: CallEffect[] = []): Transition {
  return { state, effects };
}

/** Earlier words first: samples are joined end to end, words with a space. */
export function joinHeard(earlier: Heard, later: Heard): Heard {
  const text = [earlier.text, later.text].filter((t): t is string => Boolean(t?.trim())).join(" ") || null;
  return { clip: joinClips(earlier.clip, later.clip), text };
}

function joinClips(earlier: Clip | null, later: Clip | null): Clip | null {
  if (earlier?.kind === "samples" && later?.kind === "samples") {
    const samples = new Float32Array(earlier.samples.length + later.samples.length);
    samples.set(earlier.samples);
    samples.set(later.samples, earlier.samples.length);
    return { kind: "samples", samples };
  }
  return later ?? earlier;
}

export function addLine(state: CallState, line: Omit<TranscriptLine, "id">): [CallState, number] {
  const id = state.nextLineId;
  return [{ ...state, lines: [...state.lines, { ...line, id }], nextLineId: id + 1 }, id];
}

export function patchLine(state: CallState, id: number | null, patch: Partial<TranscriptLine>): CallState {
  if (id === null) return state;
  return { ...state, lines: state.lines.map((line) => (line.id === id ? { ...line, ...patch } : line)) };
}

function removeLines(state: CallState, ids: (number | null)[]): CallState {
  return { ...state, lines: state.lines.filter((line) => !ids.includes(line.id)) };
}

export function withTurn(state: CallState, patch: Partial<Turn>): CallState {
  return state.turn ? { ...state, turn: { ...state.turn, ...patch } } : state;
}

export function newTurn(state: CallState, heard: Heard, speechEndedAt: number | null): [CallState, Turn] {
  const prior = state.carry?.heard ?? NOTHING_HEARD;
  const turn: Turn = {
    seq: state.nextSeq,
    heard: joinHeard(prior, heard),
    prior,
    speculative: false,
    waitingFor: null,
    replaces: state.carry?.replaces ?? null,
    userMessageId: null,
    assistantMessageId: null,
    userLine: null,
    agentLine: null,
    reply: "",
    held: [],
    played: false,
    open: false,
    speechEndedAt,
    holdIfUnfinished: false,
    incomplete: false,
  };
  return [{ ...state, nextSeq: state.nextSeq + 1, carry: null, heldForMore: null }, turn];
}

/** Shows the user's side of a confirmed turn ("…" until the words are known). */
export function showUserLine(state: CallState, turn: Turn): [CallState, Turn] {
  const [next, userLine] = addLine(state, { role: "user", text: turn.heard.text ?? "…" });
  return [next, { ...turn, userLine }];
}

/** Sends the turn, unless a cancelled request must first say which message this one replaces. */
export function sendOrWait(state: CallState, turn: Turn, effects: CallEffect[] = []): Transition {
  if (state.orphan) return done({ ...state, turn: { ...turn, waitingFor: "replaced-id" } }, effects);
  if (!state.conversationId) return done({ ...state, turn: null }, effects);
  const sent: Turn = { ...turn, waitingFor: null, open: true };
  return done({ ...state, turn: sent }, [
    ...effects,
    {
      type: "sendTurn",
      seq: turn.seq,
      conversationId: state.conversationId,
      heard: turn.heard,
      replaces: turn.replaces,
      language: state.language,
      holdIfUnfinished: turn.holdIfUnfinished,
    },
  ]);
}

/** Words known already (typed, recognised): a confirmed turn at once, unless they are noise. */
export function startTextTurn(state: CallState, text: string, at: number): Transition {
  if (!isMeaningfulTranscript(text)) return done(state);
  const [created, turn] = newTurn(state, { clip: null, text: text.trim() }, at);
  const [shown, withLine] = showUserLine({ ...created, phase: "thinking" }, turn);
  return sendOrWait(shown, withLine, [{ type: "clearInactivity" }]);
}

/**
 * A turn the user's continued speech overtakes, before any of its reply was heard: its words
 * carry over into the next request, which replaces its stored message. `keep` is "prior" when
 * the detector's segment goes on (a speculative start: the segment will hold the words again).
 */
export function cancelTurn(state: CallState, keep: "whole" | "prior"): Transition {
  const turn = state.turn;
  if (!turn) return done(state);
  const heard = keep === "whole" ? turn.heard : turn.prior;
  const base = removeLines({ ...state, turn: null, phase: "listening" }, [turn.userLine, turn.agentLine]);
  if (turn.userMessageId) {
    return done({ ...base, carry: { heard, replaces: turn.userMessageId } }, [{ type: "abortTurn", seq: turn.seq }]);
  }
  if (turn.open && !turn.incomplete) {
    // Stored or not, we cannot tell yet: keep the request until its `stored` event names the message.
    return done({ ...base, carry: { heard, replaces: turn.replaces }, orphan: { seq: turn.seq } });
  }
  return done({ ...base, carry: { heard, replaces: turn.replaces } });
}

/** Hands held reply audio to the player, unless it must still wait. */
export function releaseHeld(state: CallState): Transition {
  const turn = state.turn;
  if (!turn || turn.held.length === 0 || turn.speculative || state.userSpeaking) return done(state);
  const effects: CallEffect[] = turn.held.map((item) => ({ type: "play", item }));
  return done({ ...state, playerBusy: true, turn: { ...turn, held: [], played: true } }, effects);
}

/** A turn whose reply is complete and fully played ends; the call listens again. */
export function settle(state: CallState, effects: CallEffect[] = []): Transition {
  const turn = state.turn;
  if (state.phase !== "thinking" && state.phase !== "speaking") return done(state, effects);
  if (turn && (turn.open || turn.speculative || turn.waitingFor || turn.held.length > 0)) return done(state, effects);
  if (state.playerBusy) return done(state, effects);
  return done({ ...state, turn: null, phase: "listening", bargePending: false }, [
    ...effects,
    { type: "armInactivity" },
  ]);
}

/** Confirms a speculative turn at the detector's end of turn: it is now the user's turn. */
export function confirmSpeculative(state: CallState, at: number): Transition {
  const turn = state.turn;
  if (!turn?.speculative) return done(state);
  let next: CallState = { ...state, phase: "thinking" };
  let confirmed: Turn = { ...turn, speculative: false, speechEndedAt: at };
  [next, confirmed] = showUserLine(next, confirmed);
  if (confirmed.reply) {
    const [withAgent, agentLine] = addLine(next, { role: "agent", text: confirmed.reply });
    next = withAgent;
    confirmed = { ...confirmed, agentLine };
  }
  const released = releaseHeld({ ...next, turn: confirmed });
  return settle(released.state, [{ type: "clearInactivity" }, ...released.effects]);
}
