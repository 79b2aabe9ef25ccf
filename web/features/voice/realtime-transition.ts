/**
 * The realtime call as data (pure, like call-transition.ts for the cascade): what the server's
 * socket messages (contracts/voice-realtime.ts) and the player do to what the dialog shows, and
 * which effects follow. realtime-call.ts carries the effects out. The view draws the same
 * CallState as the cascade's, so the dialog is one component for both engines.
 */
import type { RealtimeServerMessage } from "../../../contracts/voice-realtime";
import type { CallState, TranscriptLine } from "./call-state";

export interface RealtimeState {
  call: CallState;
  /** The transcript line of the reply being spoken, while one is. */
  replyLine: number | null;
}

export type RealtimeEffect =
  /** Silence the reply at once: the person spoke over it. */
  | { type: "stopPlayback" }
  /** The provider failed: hand the call (its conversation, lines and time) to the cascade. */
  | { type: "fallBack"; message: string };

export type RealtimeEvent =
  | { type: "started"; conversationId: string; greeting: string }
  | { type: "server"; message: RealtimeServerMessage }
  | { type: "playbackStarted" }
  | { type: "playbackIdle" }
  | { type: "tick"; secondsLeft: number }
  | { type: "muteToggled" }
  | { type: "ended" };

export interface RealtimeTransition {
  state: RealtimeState;
  effects: RealtimeEffect[];
}

const done = (state: RealtimeState, effects: RealtimeEffect[] = []): RealtimeTransition => ({ state, effects });

export function realtimeTransition(state: RealtimeState, event: RealtimeEvent): RealtimeTransition {
  const { call } = state;
  if (call.phase === "ended" && event.type !== "started") return done(state);
  switch (event.type) {
    case "started": {
      const lines = [{ id: 1, role: "agent" as const, text: event.greeting }];
      return done({
        call: {
          ...call,
          phase: "starting",
          conversationId: event.conversationId,
          lines,
          nextLineId: 2,
          secondsLeft: call.sessionSeconds,
          micOpen: true,
        },
        replyLine: null,
      });
    }
    case "server":
      return onServerMessage(state, event.message);
    case "playbackStarted":
      return done({ ...state, call: { ...call, phase: "speaking", playerBusy: true } });
    case "playbackIdle":
      return done({
        ...state,
        call: { ...call, playerBusy: false, phase: call.phase === "speaking" ? "listening" : call.phase },
      });
    case "tick":
      return done({ ...state, call: { ...call, secondsLeft: event.secondsLeft } });
    case "muteToggled":
      return done({ ...state, call: { ...call, muted: !call.muted } });
    case "ended":
      return done({ call: { ...call, phase: "ended", micOpen: false, muted: false }, replyLine: null }, [
        { type: "stopPlayback" },
      ]);
  }
}

function onServerMessage(state: RealtimeState, message: RealtimeServerMessage): RealtimeTransition {
  const { call } = state;
  switch (message.type) {
    case "ready":
      // The greeting may still be sounding (realtime-call.ts speaks it while the socket opens).
      return done({ ...state, call: { ...call, phase: call.playerBusy ? "speaking" : "listening" } });
    case "user": {
      // The provider may transcribe the person after its reply began: their words go before it.
      const line = { id: call.nextLineId, role: "user" as const, text: message.text };
      const at = state.replyLine === null ? -1 : call.lines.findIndex((l) => l.id === state.replyLine);
      const lines = at < 0 ? [...call.lines, line] : [...call.lines.slice(0, at), line, ...call.lines.slice(at)];
      return done({ ...state, call: { ...call, lines, nextLineId: call.nextLineId + 1 } });
    }
    case "reply-start":
      // The player's business (realtime-call.ts): what the person sees changes with the words.
      return done(state);
    case "agent-delta": {
      if (state.replyLine === null) {
        const id = call.nextLineId;
        const line: TranscriptLine = { id, role: "agent", text: message.text };
        return done({ call: { ...call, lines: [...call.lines, line], nextLineId: id + 1 }, replyLine: id });
      }
      return done({ ...state, call: patchReply(call, state.replyLine, (l) => ({ text: l.text + message.text })) });
    }
    case "barge-in":
      return done({ ...state, call: { ...call, phase: "listening", playerBusy: false } }, [{ type: "stopPlayback" }]);
    case "agent-done": {
      // The stored words: all of the reply, or as far as it was heard when cut.
      const patched = patchReply(call, state.replyLine, () => ({
        text: message.text,
        ...(message.interrupted ? { interrupted: true } : {}),
      }));
      const emptied = message.text
        ? patched
        : { ...patched, lines: patched.lines.filter((l) => l.id !== state.replyLine) };
      return done({ call: emptied, replyLine: null });
    }
    case "fallback":
      return done({ call: { ...call, phase: "starting", playerBusy: false }, replyLine: null }, [
        { type: "stopPlayback" },
        { type: "fallBack", message: message.message },
      ]);
  }
}

function patchReply(
  call: CallState,
  id: number | null,
  patch: (line: TranscriptLine) => Partial<TranscriptLine>,
): CallState {
  if (id === null) return call;
  return { ...call, lines: call.lines.map((line) => (line.id === id ? { ...line, ...patch(line) } : line)) };
}
