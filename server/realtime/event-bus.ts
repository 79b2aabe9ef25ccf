/**
 * Admin events between app instances. A publisher names what changed; every instance's
 * admin channel hears it and tells its own sockets. PostgreSQL LISTEN/NOTIFY carries it
 * across instances; with PGlite everything is in one process.
 */
import { ADMIN_MESSAGE_TYPES, type AdminServerMessage } from "../../contracts/realtime.js";

/** What services publish: the spec's events, plus a bare "stats may have changed" signal. */
export type AdminEvent = Exclude<AdminServerMessage, { type: "stats_update" }> | { type: "stats_changed" };

export interface EventBus {
  publish(event: AdminEvent): Promise<void>;
  subscribe(listener: (event: AdminEvent) => void): () => void;
  close(): Promise<void>;
}

// stats_update is never published: each instance builds it from the database on stats_changed.
const EVENT_TYPES = new Set<string>([
  ...ADMIN_MESSAGE_TYPES.filter((type) => type !== "stats_update"),
  "stats_changed",
]);

/** Checks what arrives from outside the process (a NOTIFY payload) before anyone reads it. */
export function isAdminEvent(value: unknown): value is AdminEvent {
  if (typeof value !== "object" || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return typeof type === "string" && EVENT_TYPES.has(type);
}

export function createInProcessBus(): EventBus {
  const listeners = new Set<(event: AdminEvent) => void>();
  return {
    async publish(event) {
      for (const listener of listeners) {
        // Delivered after the publisher's own work, like a NOTIFY; a throwing listener must not crash the process.
        queueMicrotask(() => {
          try {
            listener(event);
          } catch (error) {
            console.warn("[event-bus] subscriber failed:", error);
          }
        });
      }
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
