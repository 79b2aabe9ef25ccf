/**
 * The open live streams of one app instance, by conversation (issue 26). The instance hears
 * the bus once; a `conversation_changed` from any instance wakes the streams watching that
 * conversation, which then read what changed themselves.
 */
import type { EventBus } from "../realtime/event-bus.js";
import { createStreamRegistry, type StreamRegistry } from "./stream-registry.js";

export type ConversationWatchers = Pick<StreamRegistry, "watch" | "close">;

export function createConversationWatchers(bus: EventBus): ConversationWatchers {
  const streams = createStreamRegistry();
  const unsubscribe = bus.subscribe((event) => {
    if (event.type === "conversation_changed") streams.wake(event.conversationId);
  });
  return {
    watch: streams.watch,
    close() {
      unsubscribe();
      streams.close();
    },
  };
}
