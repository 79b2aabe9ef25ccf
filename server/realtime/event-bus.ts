/**
 * Admin events between app instances. A publisher names what changed; every instance's
 * admin channel hears it and tells its own sockets. PostgreSQL LISTEN/NOTIFY carries it
 * across instances; with PGlite everything is in one process.
 */
import type { AdminServerMessage } from "../../contracts/realtime.js";

/** What services publish: the spec's events, plus a bare "stats may have changed" signal. */
export type AdminEvent = Exclude<AdminServerMessage, { type: "stats_update" }> | { type: "stats_changed" };

export interface EventBus {
  publish(event: AdminEvent): Promise<void>;
  subscribe(listener: (event: AdminEvent) => void): () => void;
  close(): Promise<void>;
}

export function createInProcessBus(): EventBus {
  const listeners = new Set<(event: AdminEvent) => void>();
  return {
    async publish(event) {
      for (const listener of listeners) queueMicrotask(() => listener(event));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
