/**
 * Records what an event bus delivers, for tests: start recording before the action, then
 * wait for the event itself. Through PostgreSQL LISTEN/NOTIFY an event arrives some time
 * after the publisher returned; waiting for it (not sleeping) holds however busy the machine.
 */
import type { AdminEvent, EventBus } from "../realtime/event-bus.js";

/** When a missing event is reported as missing: a bound on a hang, not a measure of speed. */
export const BUS_EVENT_DEADLINE_MS = 10_000;

export interface BusRecording {
  /** Every event delivered since recording started, in order. */
  events: AdminEvent[];
  /** The first event matching `match`, recorded already or still to come; rejects after `deadlineMs`. */
  next(match: (event: AdminEvent) => boolean, deadlineMs?: number): Promise<AdminEvent>;
  stop(): void;
}

export function recordBusEvents(bus: EventBus): BusRecording {
  const events: AdminEvent[] = [];
  const waiters = new Set<() => void>();
  const unsubscribe = bus.subscribe((event) => {
    events.push(event);
    for (const wake of waiters) wake();
  });

  return {
    events,
    next(match, deadlineMs = BUS_EVENT_DEADLINE_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.find(match);
          if (!hit) return;
          done();
          resolve(hit);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no matching event within ${deadlineMs} ms; got ${JSON.stringify(events)}`));
        }, deadlineMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    stop() {
      unsubscribe();
      waiters.clear();
    },
  };
}
