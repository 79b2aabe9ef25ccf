import { describe, expect, it } from "vitest";
import { initialCallState } from "./call-state";
import { realtimeTransition, type RealtimeEffect, type RealtimeEvent, type RealtimeState } from "./realtime-transition";

function run(...events: RealtimeEvent[]): { state: RealtimeState; effects: RealtimeEffect[] } {
  let state: RealtimeState = {
    call: initialCallState({ sessionSeconds: 600, agentName: "Vera", serverStt: true }),
    replyLine: null,
  };
  const effects: RealtimeEffect[] = [];
  for (const event of events) {
    const next = realtimeTransition(state, event);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
}

const started: RealtimeEvent = { type: "started", conversationId: "conv", greeting: "Hi, I'm Vera." };
const server = (message: Extract<RealtimeEvent, { type: "server" }>["message"]): RealtimeEvent => ({
  type: "server",
  message,
});

describe("the realtime call's transcript and phases", () => {
  it("speaks while the greeting sounds, even once the server is ready, then listens", () => {
    const sounding = run(started, { type: "playbackStarted" }, server({ type: "ready" }));
    expect(sounding.state.call.phase).toBe("speaking");
    const after = realtimeTransition(sounding.state, { type: "playbackIdle" });
    expect(after.state.call.phase).toBe("listening");
    expect(after.state.call.lines.map((l) => l.text)).toEqual(["Hi, I'm Vera."]);
  });

  it("listens once the server is ready, shows the person's words and the reply as it streams, then listens again", () => {
    const { state } = run(
      started,
      server({ type: "ready" }),
      server({ type: "user", text: "Where is my order?" }),
      server({ type: "agent-delta", text: "It ships" }),
      { type: "playbackStarted" },
    );
    expect(state.call.phase).toBe("speaking");
    expect(state.call.lines.map((l) => [l.role, l.text])).toEqual([
      ["agent", "Hi, I'm Vera."],
      ["user", "Where is my order?"],
      ["agent", "It ships"],
    ]);
    const after = run(
      started,
      server({ type: "agent-delta", text: "It ships" }),
      server({ type: "agent-delta", text: " today." }),
      server({ type: "agent-done", text: "It ships today.", interrupted: false }),
      { type: "playbackStarted" },
      { type: "playbackIdle" },
    ).state;
    expect(after.call.phase).toBe("listening");
    expect(after.call.lines.at(-1)).toMatchObject({ role: "agent", text: "It ships today." });
    expect(after.replyLine).toBeNull();
  });

  it("puts the person's words before a reply that began before their transcription arrived", () => {
    const { state } = run(started, server({ type: "agent-delta", text: "Sure" }), server({ type: "user", text: "Hi" }));
    expect(state.call.lines.map((l) => l.text)).toEqual(["Hi, I'm Vera.", "Hi", "Sure"]);
  });

  it("stops playback at once on barge-in and keeps only the heard words, marked interrupted", () => {
    const { state, effects } = run(
      started,
      server({ type: "agent-delta", text: "It ships today from our warehouse" }),
      { type: "playbackStarted" },
      server({ type: "barge-in" }),
      server({ type: "agent-done", text: "It ships today", interrupted: true }),
    );
    expect(effects).toEqual([{ type: "stopPlayback" }]);
    expect(state.call.phase).toBe("listening");
    expect(state.call.lines.at(-1)).toMatchObject({ text: "It ships today", interrupted: true });
  });

  it("drops a reply cut before any of it was heard", () => {
    const { state } = run(
      started,
      server({ type: "agent-delta", text: "It" }),
      server({ type: "agent-done", text: "", interrupted: true }),
    );
    expect(state.call.lines.map((l) => l.text)).toEqual(["Hi, I'm Vera."]);
  });

  it("hands the call to the cascade when the provider fails", () => {
    const { effects } = run(started, server({ type: "fallback", message: "The realtime voice stopped." }));
    expect(effects).toEqual([{ type: "stopPlayback" }, { type: "fallBack", message: "The realtime voice stopped." }]);
  });
});
