import { describe, expect, it } from "vitest";
import { initialCallState, type CallEffect, type CallEvent, type CallState } from "./call-state";
import { transition } from "./call-transition";

const CALL_ID = "44444444-4444-4444-8444-444444444444";

function run(state: CallState, ...events: CallEvent[]): { state: CallState; effects: CallEffect[] } {
  const effects: CallEffect[] = [];
  for (const event of events) {
    const next = transition(state, event);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
}

/** A call on the server's ear whose turn (about an order) has a tool call waiting for the caller. */
function waiting(language: CallState["language"] = "en-US"): { state: CallState; seq: number } {
  let { state } = run(
    { ...initialCallState({ sessionSeconds: 600, agentName: "Vera", serverStt: true }), language },
    { type: "startPressed" },
    { type: "micOpened" },
    { type: "conversationCreated", id: "conv", greetingMessageId: null, greeting: "Hi." },
  );
  const greeting = state.turn?.seq ?? 0;
  state = run(state, { type: "turnClosed", seq: greeting }, { type: "playbackIdle" }).state;
  state = run(
    { ...state, phase: "listening", turn: null },
    { type: "textTurn", text: "Where is order 12?", at: 0 },
  ).state;
  const seq = state.turn?.seq ?? -1;
  state = run(state, {
    type: "approvalAsked",
    seq,
    callId: CALL_ID,
    name: "order_status",
    arguments: '{"id":"12"}',
  }).state;
  return { state, seq };
}

const decisions = (effects: CallEffect[]) =>
  effects.flatMap((effect) => (effect.type === "decideToolCall" ? [effect.decision] : []));

describe("a tool call waiting for the caller's yes or no", () => {
  it("hears speech as the answer: no barge-in, no new turn, its words are transcribed for the approval", () => {
    const { state, seq } = waiting();
    const spoken = run(
      { ...state, phase: "speaking" },
      { type: "speechStarted" },
      { type: "speechConfirmed" },
      { type: "utteranceEnded", clip: { kind: "samples", samples: new Float32Array(800) }, at: 10 },
    );
    expect(spoken.effects.map((e) => e.type)).not.toContain("pausePlayback");
    expect(spoken.effects.map((e) => e.type)).not.toContain("sendTurn");
    expect(spoken.effects.map((e) => e.type)).toContain("hearAnswer");
    expect(spoken.state.turn?.seq).toBe(seq);
  });

  it("approves on a yes in the call's language, through the approve route", () => {
    const { state } = waiting("de-DE");
    const answered = run(state, { type: "approvalHeard", text: "Ja, gerne." });
    expect(decisions(answered.effects)).toEqual(["approve"]);
    expect(answered.state.approvals).toEqual([]);
    expect(answered.state.lines.at(-1)).toMatchObject({ role: "user", text: "Ja, gerne." });
  });

  it("takes a typed 'no' as the answer, not as a turn too short to send", () => {
    const { state } = waiting();
    expect(decisions(run(state, { type: "textTurn", text: "no", at: 5 }).effects)).toEqual(["deny"]);
  });

  it("asks once more when the answer is neither, and denies on a second such answer", () => {
    const { state } = waiting();
    const first = run(state, { type: "approvalHeard", text: "What was that?" });
    expect(decisions(first.effects)).toEqual([]);
    expect(first.effects).toContainEqual(
      expect.objectContaining({ type: "speakReply", text: "Sorry, I did not catch that. Please say yes or no." }),
    );
    expect(first.state.approvals[0]?.reasked).toBe(true);
    expect(decisions(run(first.state, { type: "approvalHeard", text: "Hmm, maybe" }).effects)).toEqual(["deny"]);
  });

  it("decides by the button, and forgets the approval once the call runs or the turn ends", () => {
    const { state, seq } = waiting();
    expect(decisions(run(state, { type: "approvalPressed", callId: CALL_ID, decision: "deny" }).effects)).toEqual([
      "deny",
    ]);
    expect(run(state, { type: "approvalSettled", callId: CALL_ID }).state.approvals).toEqual([]);
    expect(run(state, { type: "turnClosed", seq }).state.approvals).toEqual([]);
    expect(run(state, { type: "closed" }).state.approvals).toEqual([]);
  });
});
