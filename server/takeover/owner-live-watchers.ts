/**
 * The live view for an agent's owner who is no admin (issue 26). The admin channel is for
 * admins alone, so an owner's Live page hears its changes over GET /api/live-conversations/events.
 * The instance hears the bus once: a live event's conversation is looked up once (whose agent
 * it is), and only that owner's open streams are told. With no owner watching, events cost nothing.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/connect.js";
import { findConversationForTakeover } from "../conversations/human-hold/queries.js";
import type { EventBus } from "../realtime/event-bus.js";

const LIVE_EVENT_TYPES = new Set([
  "conversation_active",
  "handoff_requested",
  "conversation_taken_over",
  "conversation_released",
]);

export interface OwnerLiveWatchers {
  /** `tell` runs on every live change to a conversation with one of `ownerId`'s agents; `end` at shutdown. */
  watch(ownerId: string, tell: () => void, end: () => void): () => void;
  /** Ends every stream (before the server closes) and stops hearing the bus. */
  close(): void;
}

export function createOwnerLiveWatchers(bus: EventBus, db: Db, log: FastifyBaseLogger): OwnerLiveWatchers {
  const watchers = new Map<string, Set<() => void>>();
  const enders = new Set<() => void>();
  const unsubscribe = bus.subscribe((event) => {
    if (watchers.size === 0 || !LIVE_EVENT_TYPES.has(event.type) || !("conversationId" in event)) return;
    findConversationForTakeover(db, event.conversationId)
      .then((conversation) => {
        const owner = conversation?.agentOwnerId;
        for (const tell of (owner && watchers.get(owner)) || []) tell();
      })
      .catch((error: unknown) => log.warn({ err: error }, "could not tell an owner's live view"));
  });
  return {
    watch(ownerId, tell, end) {
      const set = watchers.get(ownerId) ?? new Set();
      set.add(tell);
      watchers.set(ownerId, set);
      enders.add(end);
      return () => {
        enders.delete(end);
        set.delete(tell);
        if (set.size === 0) watchers.delete(ownerId);
      };
    },
    close() {
      unsubscribe();
      for (const end of [...enders]) end();
      enders.clear();
      watchers.clear();
    },
  };
}
