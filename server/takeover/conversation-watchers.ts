/**
 * The open live streams of one app instance, by conversation (issue 26). The instance hears
 * the bus once; a `conversation_changed` from any instance wakes the streams watching that
 * conversation, which then read what changed themselves.
 */
import type { EventBus } from "../realtime/event-bus.js";

export interface ConversationWatchers {
  /** `end` closes the stream when the server shuts down: an endless stream would hold the shutdown. */
  watch(conversationId: string, wake: () => void, end: () => void): () => void;
  /** Ends every stream (before the server closes) and stops hearing the bus. */
  close(): void;
}

export function createConversationWatchers(bus: EventBus): ConversationWatchers {
  const watchers = new Map<string, Set<() => void>>();
  const enders = new Set<() => void>();
  const unsubscribe = bus.subscribe((event) => {
    if (event.type !== "conversation_changed") return;
    for (const wake of watchers.get(event.conversationId) ?? []) wake();
  });
  return {
    watch(conversationId, wake, end) {
      const set = watchers.get(conversationId) ?? new Set();
      set.add(wake);
      watchers.set(conversationId, set);
      enders.add(end);
      return () => {
        enders.delete(end);
        set.delete(wake);
        if (set.size === 0) watchers.delete(conversationId);
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
