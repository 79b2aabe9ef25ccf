/**
 * A reply stops when a person takes its conversation over (issue 26), whichever instance the
 * takeover ran on: the bus's `conversation_taken_over` aborts the model's request, and the
 * reply ends as a user's Stop ends it (what was said is kept, marked partial).
 *
 * One bus subscription per bus, and a map by conversation: a busy instance pays one lookup
 * per event, not one listener per turn.
 */
import type { EventBus } from "../../realtime/event-bus.js";

type Stoppers = Map<string, Set<() => void>>;
const stoppersByBus = new WeakMap<EventBus, Stoppers>();

function stoppersOf(bus: EventBus): Stoppers {
  let stoppers = stoppersByBus.get(bus);
  if (!stoppers) {
    const created: Stoppers = new Map();
    bus.subscribe((event) => {
      if (event.type !== "conversation_taken_over") return;
      for (const stop of created.get(event.conversationId) ?? []) stop();
    });
    stoppersByBus.set(bus, created);
    stoppers = created;
  }
  return stoppers;
}

export interface TakeoverStop {
  /** Aborts once a person takes the conversation over. */
  readonly signal: AbortSignal;
  /** Names the conversation once known (a new one has no id until its first message is stored). */
  watch(conversationId: string): void;
  /** Stops listening: the turn is over. */
  end(): void;
}

export function stopOnTakeover(bus: EventBus, conversationId: string | null): TakeoverStop {
  const controller = new AbortController();
  const stoppers = stoppersOf(bus);
  let watched: string | null = null;
  const stop = () => controller.abort(new Error("A person took the conversation over"));
  const end = () => {
    if (watched === null) return;
    const set = stoppers.get(watched);
    set?.delete(stop);
    if (set?.size === 0) stoppers.delete(watched);
    watched = null;
  };
  const watch = (id: string) => {
    if (watched === id) return;
    end();
    watched = id;
    const set = stoppers.get(id) ?? new Set();
    set.add(stop);
    stoppers.set(id, set);
  };
  if (conversationId) watch(conversationId);
  return { signal: controller.signal, watch, end };
}
