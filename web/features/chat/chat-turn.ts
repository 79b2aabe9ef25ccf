/**
 * The text chat's turn in flight as one pure function from (state, event) to the next state,
 * the shape the voice call has (voice/call-transition.ts). No network, timers or toasts in here:
 * use-chat-session.ts sends the request, turns what comes back into events and carries out the
 * rest, so each step of a turn can be unit-tested by feeding events (chat-turn.test.ts).
 */
import type { Citation } from "../../../contracts/knowledge";
import { stopTurn } from "./turn-controls";

export interface PendingTurn {
  key: string;
  userMessageId: string | null;
  userText: string;
  sentAt: string;
  reply: string;
  citations: Citation[];
  waiting: boolean;
  /** Some of the reply arrived as streamed words (else it is typed out when it comes whole). */
  streamed: boolean;
  /** The user pressed Stop: the reply shows as it was until the stored one replaces it. */
  stopped: boolean;
  /**
   * An edit or regeneration: how many stored messages stay shown above it (the branch it
   * continues); null for an ordinary turn after all of them.
   */
  keep: number | null;
  /** A regeneration: no new user message, the reply answers the stored one. */
  regenerating: boolean;
}

export interface ChatTurnState {
  pending: PendingTurn | null;
  /** The reply being typed out: the offline responder's (it has no pacing of its own), or one that came whole. */
  reveal: { key: string; text: string } | null;
  /** A security lock a turn ran into, known before the conversation list says so. */
  lock: { conversationId: string; until: number } | null;
  /** A reply of this session came from the offline responder. */
  offlineSeen: boolean;
}

export type ChatTurnEvent =
  /** The user sent a message, an edit, or asked for another reply. */
  | {
      type: "started";
      key: string;
      userText: string;
      sentAt: string;
      keep: number | null;
      regenerating: boolean;
    }
  /** The server stored the user's message (the stream's conversation event). */
  | { type: "named"; key: string; userMessageId: string; offline: boolean }
  | { type: "delta"; key: string; text: string }
  /** The whole reply, as stored; with the lock it set off when the message was an injection attempt. */
  | {
      type: "answered";
      key: string;
      reply: string;
      citations: Citation[];
      offline: boolean;
      lock: { conversationId: string; until: number } | null;
    }
  /** The conversation was already locked (the server answered 423). */
  | { type: "locked"; conversationId: string; until: number }
  | { type: "stopped" }
  /** The request ended, however: the turn leaves unless the user stopped it (the stored copy replaces it). */
  | { type: "settled"; key: string }
  /** Another conversation was opened: its turn in flight is cancelled. */
  | { type: "left" };

export const IDLE_CHAT: ChatTurnState = { pending: null, reveal: null, lock: null, offlineSeen: false };

export function chatTurnTransition(state: ChatTurnState, event: ChatTurnEvent): ChatTurnState {
  // The turn the event is about, when it is still the one in flight (a newer turn or a
  // cancellation makes an older request's events stale).
  const turn = "key" in event && state.pending?.key === event.key ? state.pending : null;
  switch (event.type) {
    case "started":
      return {
        ...state,
        reveal: null,
        pending: {
          key: event.key,
          userMessageId: null,
          userText: event.userText,
          sentAt: event.sentAt,
          reply: "",
          citations: [],
          waiting: true,
          streamed: false,
          stopped: false,
          keep: event.keep,
          regenerating: event.regenerating,
        },
      };
    case "named":
      if (!turn) return state;
      return {
        ...state,
        pending: { ...turn, userMessageId: event.userMessageId },
        ...(event.offline ? { offlineSeen: true, reveal: { key: event.key, text: "" } } : {}),
      };
    case "delta": {
      if (!turn) return state;
      const revealing = state.reveal?.key === event.key;
      return {
        ...state,
        pending: { ...turn, waiting: false, streamed: true, reply: turn.reply + event.text },
        reveal: revealing ? { key: event.key, text: (state.reveal?.text ?? "") + event.text } : state.reveal,
      };
    }
    case "answered": {
      const learnt = {
        ...state,
        lock: event.lock ?? state.lock,
        offlineSeen: state.offlineSeen || event.offline,
      };
      if (!turn) return learnt;
      // Typed out when it is the offline responder's or came whole; a streamed reply is already
      // shown, and a locked conversation's notice is not typed out.
      const typedOut = !event.lock && (state.reveal?.key === event.key || !turn.streamed);
      return {
        ...learnt,
        reveal: typedOut ? { key: event.key, text: event.reply } : state.reveal,
        pending: { ...turn, waiting: false, reply: event.reply, citations: event.citations },
      };
    }
    case "locked":
      return { ...state, lock: { conversationId: event.conversationId, until: event.until } };
    case "stopped":
      // What was already revealed stays; the rest of a typed-out reply is not shown.
      return { ...state, pending: stopTurn(state.pending), reveal: null };
    case "settled":
      return turn && !turn.stopped ? { ...state, pending: null } : state;
    case "left":
      return { ...state, pending: null, reveal: null };
  }
}
