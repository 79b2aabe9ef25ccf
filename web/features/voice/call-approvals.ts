/**
 * Approval aloud (issue 24, decision 149), the call's pure half: a tool call of the open turn
 * waits for the caller's yes or no. While one waits, what the caller says is an answer, not a
 * new turn and not an interruption: the words (typed, recognised, or transcribed through
 * /api/stt) are matched against the call language's yes and no words. Yes approves, no denies;
 * anything else is asked once more, and a second such answer denies. The Approve and Deny
 * buttons decide too. The turn's stream goes on with the result (or the model told of the denial).
 */
import { approvalAnswer, SAY_YES_OR_NO } from "../../../contracts/voice-approval";
import type { CallEvent, CallState, PendingApproval, Transition } from "./call-state";
import { addLine, done, releaseHeld } from "./call-turns";

export function approvalAsked(state: CallState, event: CallEvent & { type: "approvalAsked" }): Transition {
  if (state.turn?.seq !== event.seq || state.approvals.some((a) => a.callId === event.callId)) return done(state);
  const pending: PendingApproval = {
    seq: event.seq,
    callId: event.callId,
    name: event.name,
    arguments: event.arguments,
    reasked: false,
  };
  return done({ ...state, approvals: [...state.approvals, pending] });
}

export function approvalSettled(state: CallState, callId: string): Transition {
  return done({ ...state, approvals: state.approvals.filter((a) => a.callId !== callId) });
}

export function approvalPressed(state: CallState, callId: string, decision: "approve" | "deny"): Transition {
  const pending = state.approvals.find((a) => a.callId === callId);
  if (!pending) return done(state);
  return decide(state, pending, decision);
}

/** The caller's words while a call waits: the first waiting call is decided, or asked about once more. */
export function approvalHeard(state: CallState, text: string): Transition {
  const [pending, ...rest] = state.approvals;
  const words = text.trim();
  if (!pending || !words) return done(state);
  const [heard] = addLine(state, { role: "user", text: words });
  const answer = approvalAnswer(words, state.language);
  if (answer === null && !pending.reasked) {
    const again = SAY_YES_OR_NO[state.language];
    const [asked] = addLine(heard, { role: "agent", text: again, aside: true });
    return done({ ...asked, approvals: [{ ...pending, reasked: true }, ...rest] }, [
      { type: "speakReply", seq: pending.seq, text: again, language: state.language },
    ]);
  }
  return decide(heard, pending, answer === "yes" ? "approve" : "deny");
}

function decide(state: CallState, pending: PendingApproval, decision: "approve" | "deny"): Transition {
  const next: CallState = { ...state, approvals: state.approvals.filter((a) => a.callId !== pending.callId) };
  if (!state.conversationId) return done(next);
  return done(next, [
    { type: "decideToolCall", conversationId: state.conversationId, callId: pending.callId, decision },
  ]);
}

/**
 * Speech while a call waits for approval is the caller's answer: it neither interrupts the
 * question nor starts a turn. Null for events this does not take over.
 */
export function answerSpeech(state: CallState, event: CallEvent): Transition | null {
  if (state.approvals.length === 0) return null;
  switch (event.type) {
    case "speechStarted":
      return state.muted ? done(state) : done({ ...state, userSpeaking: true }, [{ type: "clearInactivity" }]);
    case "speechConfirmed":
    case "speechSustained":
    case "speechPaused":
    case "speechResumed":
    case "overlapHeard":
      return done(state);
    case "misfire":
      return releaseHeld({ ...state, userSpeaking: false, bargePending: false });
    case "utteranceEnded": {
      const released = releaseHeld({ ...state, userSpeaking: false, bargePending: false });
      if (state.muted) return released;
      return done(released.state, [
        ...released.effects,
        { type: "hearAnswer", clip: event.clip, language: state.language },
      ]);
    }
    case "textTurn":
      return approvalHeard(state, event.text);
    default:
      return null;
  }
}

/** Approvals belong to the open turn: once it ends (done, failed, stopped, the call over) none waits. */
export function withoutStaleApprovals(transition: Transition): Transition {
  const { state } = transition;
  if (state.approvals.length === 0) return transition;
  const open = state.turn?.open ? state.turn.seq : null;
  const approvals = state.approvals.filter((a) => a.seq === open);
  if (approvals.length === state.approvals.length) return transition;
  return { ...transition, state: { ...state, approvals } };
}
