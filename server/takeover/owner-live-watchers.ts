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
import { createStreamRegistry, type StreamRegistry } from "./stream-registry.js";

const LIVE_EVENT_TYPES = new Set([
  "conversation_active",
  "handoff_requested",
  "conversation_taken_over",
  "conversation_released",
]);

/** `watch(ownerId, …)`: woken on every live change to a conversation with one of that person's agents. */
export type OwnerLiveWatchers = Pick<StreamRegistry, "watch" | "close">;

export function createOwnerLiveWatchers(bus: EventBus, db: Db, log: FastifyBaseLogger): OwnerLiveWatchers {
  const streams = createStreamRegistry();
  const unsubscribe = bus.subscribe((event) => {
    if (!streams.watching || !LIVE_EVENT_TYPES.has(event.type) || !("conversationId" in event)) return;
    findConversationForTakeover(db, event.conversationId)
      .then((conversation) => {
        if (conversation?.agentOwnerId) streams.wake(conversation.agentOwnerId);
      })
      .catch((error: unknown) => log.warn({ err: error }, "could not tell an owner's live view"));
  });
  return {
    watch: streams.watch,
    close() {
      unsubscribe();
      streams.close();
    },
  };
}
