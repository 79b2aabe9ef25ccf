import { describe, expect, it } from "vitest";
import { chatTurnTransition, IDLE_CHAT, type ChatTurnEvent, type ChatTurnState } from "./chat-turn";

const started = (key = "t1"): ChatTurnEvent => ({
  type: "started",
  key,
  userText: "What are your opening hours?",
  sentAt: "2026-11-28T10:00:00.000Z",
  keep: null,
  regenerating: false,
});
const answered = (key: string, reply: string, extra: Partial<Extract<ChatTurnEvent, { type: "answered" }>> = {}) =>
  ({ type: "answered", key, reply, citations: [], offline: false, lock: null, ...extra }) as ChatTurnEvent;

const run = (events: ChatTurnEvent[], from: ChatTurnState = IDLE_CHAT) => events.reduce(chatTurnTransition, from);

describe("the text chat's turn", () => {
  it("shows the message at once, waiting, then the streamed words, then leaves for the stored copy", () => {
    const sent = run([started()]);
    expect(sent.pending).toMatchObject({
      key: "t1",
      userText: "What are your opening hours?",
      waiting: true,
      reply: "",
    });

    const streaming = run(
      [
        { type: "named", key: "t1", userMessageId: "m1", offline: false },
        { type: "delta", key: "t1", text: "Nine " },
        { type: "delta", key: "t1", text: "to five." },
      ],
      sent,
    );
    expect(streaming.pending).toMatchObject({
      userMessageId: "m1",
      waiting: false,
      streamed: true,
      reply: "Nine to five.",
    });
    // A streamed reply is already on screen: nothing is typed out again.
    expect(streaming.reveal).toBeNull();

    const done = run([answered("t1", "Nine to five."), { type: "settled", key: "t1" }], streaming);
    expect(done.reveal).toBeNull();
    expect(done.pending).toBeNull();
  });

  it("types out the offline responder's reply as it arrives, and marks the session offline", () => {
    const state = run([
      started(),
      { type: "named", key: "t1", userMessageId: "m1", offline: true },
      { type: "delta", key: "t1", text: "We open " },
      { type: "delta", key: "t1", text: "at nine." },
    ]);
    expect(state.offlineSeen).toBe(true);
    expect(state.reveal).toEqual({ key: "t1", text: "We open at nine." });
    expect(run([answered("t1", "We open at nine.", { offline: true })], state).reveal).toEqual({
      key: "t1",
      text: "We open at nine.",
    });
  });

  it("types out a reply that came whole, with no streamed words", () => {
    const state = run([started(), { type: "named", key: "t1", userMessageId: "m1", offline: false }]);
    const citations = [{ documentId: "d1", title: "Hours", location: null, snippet: "9-17" }] as never[];
    const done = run([answered("t1", "Nine to five.", { citations })], state);
    expect(done.reveal).toEqual({ key: "t1", text: "Nine to five." });
    expect(done.pending).toMatchObject({ waiting: false, reply: "Nine to five.", citations });
  });

  it("locks the conversation on an injection attempt and does not type out its notice", () => {
    const lock = { conversationId: "c1", until: 1_000_000 };
    const state = run([started(), { type: "named", key: "t1", userMessageId: "m1", offline: false }]);
    const done = run([answered("t1", "This conversation is locked.", { lock })], state);
    expect(done.lock).toEqual(lock);
    expect(done.reveal).toBeNull();
    // A 423 on the next message locks it too.
    expect(run([{ type: "locked", conversationId: "c2", until: 5 }], done).lock).toEqual({
      conversationId: "c2",
      until: 5,
    });
  });

  it("drops a turn stopped before the server stored the message (the text goes back in the box)", () => {
    const state = run([started(), { type: "delta", key: "t1", text: "Nine" }, { type: "stopped" }]);
    expect(state.pending).toBeNull();
  });

  it("keeps a turn stopped after the message was stored, as stopped, past its request's end", () => {
    const state = run([
      started(),
      { type: "named", key: "t1", userMessageId: "m1", offline: true },
      { type: "delta", key: "t1", text: "Nine" },
      { type: "stopped" },
      { type: "settled", key: "t1" },
    ]);
    expect(state.pending).toMatchObject({ stopped: true, waiting: false, reply: "Nine" });
    // What was typed out so far stays where it is; the rest is not revealed.
    expect(state.reveal).toBeNull();
  });

  it("ignores what an earlier turn's request sends once a newer turn has started", () => {
    const state = run([started("old"), started("new"), { type: "delta", key: "old", text: "stale" }]);
    expect(state.pending).toMatchObject({ key: "new", reply: "", waiting: true });
    expect(run([{ type: "settled", key: "old" }], state).pending?.key).toBe("new");
  });

  it("cancels the turn in flight when another conversation is opened, keeping what the session learnt", () => {
    const state = run([started(), { type: "named", key: "t1", userMessageId: "m1", offline: true }, { type: "left" }]);
    expect(state).toMatchObject({ pending: null, reveal: null, offlineSeen: true });
  });

  it("starts an edit or regeneration on the branch it continues", () => {
    const state = run([{ type: "started", key: "t2", userText: "", sentAt: "x", keep: 2, regenerating: true }]);
    expect(state.pending).toMatchObject({ keep: 2, regenerating: true });
  });
});
