/**
 * Admin events between app instances. A publisher names what changed; every instance's
 * admin channel hears it and tells its own sockets. PostgreSQL LISTEN/NOTIFY carries it
 * across instances; with PGlite everything is in one process.
 */
import { ADMIN_MESSAGE_TYPES, type AdminServerMessage } from "../../contracts/realtime.js";

/** What services publish: the spec's events, plus a bare "stats may have changed" signal. */
export type AdminEvent =
  Exclude<AdminServerMessage, { type: "stats_update" }> | { type: "stats_changed" } | ConversationChanged;

/**
 * A conversation's messages or hold changed (issue 26): heard by every instance's live
 * conversation streams, never sent to admin sockets. Carries ids only, so it always fits a NOTIFY.
 */
export interface ConversationChanged {
  type: "conversation_changed";
  conversationId: string;
}

export interface EventBus {
  publish(event: AdminEvent): Promise<void>;
  subscribe(listener: (event: AdminEvent) => void): () => void;
  /**
   * Tells every instance's session cache that sessions ended: this instance's listeners before
   * it returns, the others as soon as the notice arrives. Never reaches admin subscribers.
   */
  revokeSessions(revocation: SessionRevocation): Promise<void>;
  onSessionsRevoked(listener: (revocation: SessionRevocation) => void): () => void;
  /** False while revocations from other instances may be missed (the PostgreSQL listener is reconnecting). */
  hearsOtherInstances(): boolean;
  close(): Promise<void>;
}

/**
 * Sessions that no longer count: one (a sign-out), all of a user's but the one kept (denied,
 * password reset), or all (the system reset, or a bus that may have missed notices).
 */
export type SessionRevocation =
  | { scope: "session"; sessionHash: string }
  | { scope: "user"; userId: string; keepSessionHash?: string }
  | { scope: "all" };

/** Its `type` on the wire; not an admin event type, so admin subscribers never see it. */
export const SESSION_REVOCATION_TYPE = "sessions_revoked";

/**
 * Reads a revocation from a NOTIFY payload. Anything typed as a revocation but malformed
 * revokes everything: forgetting too much costs a query, forgetting too little lets someone in.
 */
export function readSessionRevocation(value: unknown): SessionRevocation | null {
  if (typeof value !== "object" || value === null) return null;
  const { type, scope, sessionHash, userId, keepSessionHash } = value as Record<string, unknown>;
  if (type !== SESSION_REVOCATION_TYPE) return null;
  if (scope === "session" && typeof sessionHash === "string") return { scope, sessionHash };
  if (scope === "user" && typeof userId === "string") {
    return typeof keepSessionHash === "string" ? { scope, userId, keepSessionHash } : { scope, userId };
  }
  return { scope: "all" };
}

// stats_update is never published: each instance builds it from the database on stats_changed.
const EVENT_TYPES = new Set<string>([
  ...ADMIN_MESSAGE_TYPES.filter((type) => type !== "stats_update"),
  "stats_changed",
  "conversation_changed",
]);

/** Checks what arrives from outside the process (a NOTIFY payload) before anyone reads it. */
export function isAdminEvent(value: unknown): value is AdminEvent {
  if (typeof value !== "object" || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return typeof type === "string" && EVENT_TYPES.has(type);
}

export function createInProcessBus(): EventBus {
  const listeners = new Set<(event: AdminEvent) => void>();
  const revocationListeners = new Set<(revocation: SessionRevocation) => void>();
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
    async revokeSessions(revocation) {
      // At once, not on a later tick: the caller's answer must not go out before the cache forgets.
      for (const listener of revocationListeners) {
        try {
          listener(revocation);
        } catch (error) {
          console.warn("[event-bus] session revocation subscriber failed:", error);
        }
      }
    },
    onSessionsRevoked(listener) {
      revocationListeners.add(listener);
      return () => revocationListeners.delete(listener);
    },
    hearsOtherInstances: () => true,
    async close() {
      listeners.clear();
      revocationListeners.clear();
    },
  };
}
