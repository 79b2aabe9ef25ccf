/**
 * A few seconds' memory of session → user, so that most signed-in requests skip the session
 * query. Keyed by the session's hash, so one cookie can only ever find its own user. Entries
 * are forgotten when the event bus says their sessions ended (sign-out, denial, password reset,
 * system reset, on any instance), when their time-to-live or the session itself expires, and
 * the oldest go first when the cache is full. Time is the app's clock, so tests decide when
 * an entry grows old.
 */
import type { SessionRevocation } from "../realtime/event-bus.js";
import type { UserRow } from "./user-view.js";

export interface SessionCacheOptions {
  /** How long an entry is trusted without asking the database: the most a change made behind the app's back (plain SQL) stays unseen. */
  ttlMs: number;
  maxEntries: number;
}

export const SESSION_CACHE_DEFAULTS = { ttlMs: 5_000, maxEntries: 10_000 } as const;

interface Entry {
  user: UserRow;
  sessionExpiresAt: Date;
  /** Read from the database at this time (the app clock's milliseconds). */
  readAt: number;
}

export interface SessionCache {
  get(sessionHash: string, now: Date): UserRow | undefined;
  /**
   * A ticket for a lookup about to start. `set` with an older ticket than the latest revocation
   * is ignored: the lookup may have read the session just before it ended.
   */
  ticket(): number;
  set(sessionHash: string, found: { user: UserRow; sessionExpiresAt: Date }, ticket: number, now: Date): void;
  revoke(revocation: SessionRevocation): void;
  readonly size: number;
}

export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const { ttlMs, maxEntries } = options;
  // A Map iterates in insertion order, so its first key is the oldest entry.
  const entries = new Map<string, Entry>();
  let revocations = 0;

  return {
    get(sessionHash, now) {
      const entry = entries.get(sessionHash);
      if (!entry) return undefined;
      const age = now.getTime() - entry.readAt;
      // A clock that went back (age < 0) says nothing about how old the entry is: ask again.
      if (age < 0 || age >= ttlMs || entry.sessionExpiresAt <= now) {
        entries.delete(sessionHash);
        return undefined;
      }
      return entry.user;
    },
    ticket: () => revocations,
    set(sessionHash, found, ticket, now) {
      if (ticket !== revocations) return;
      entries.delete(sessionHash);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(sessionHash, { ...found, readAt: now.getTime() });
    },
    revoke(revocation) {
      revocations += 1;
      if (revocation.scope === "all") return entries.clear();
      if (revocation.scope === "session") {
        entries.delete(revocation.sessionHash);
        return;
      }
      for (const [hash, entry] of entries) {
        if (entry.user.id === revocation.userId && hash !== revocation.keepSessionHash) entries.delete(hash);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
