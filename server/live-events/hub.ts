/**
 * The admin sockets of one app instance: forwards bus events to them, recomputes the stats
 * (debounced) after every event and pushes them only when they changed, and runs the
 * heartbeat that drops sockets which stopped answering or whose session ended.
 *
 * When sessions end (a denial, a password reset, the system reset: the bus's revocations,
 * heard here before the deny's answer goes out and, on other instances, before any later
 * event), the affected sockets are held: what would be sent to them waits while their session
 * is re-read, goes out if it still belongs to an admin and is dropped with the socket if not.
 * So a denied admin's open socket never carries an event that happened after the denial.
 */
import {
  ADMIN_HEARTBEAT_MS,
  ADMIN_SOCKET_CLOSE,
  type AdminServerMessage,
  type AdminStats,
} from "../../contracts/realtime.js";
import { sameStats } from "./stats.js";
import type { AdminEvent, SessionRevocation } from "../realtime/event-bus.js";

const OPEN = 1; // WebSocket.OPEN

const LIVE_VIEW_EVENTS = new Set<string>([
  "conversation_active",
  "handoff_requested",
  "conversation_taken_over",
  "conversation_released",
]);

/** The part of a `ws` socket the hub uses, so tests can hand in a fake. */
export interface HubSocket {
  readonly readyState: number;
  send(data: string): void;
  ping(): void;
  terminate(): void;
  close(code?: number, reason?: string): void;
}

export type AccessVerdict = "admin" | "unauthenticated" | "forbidden";

export interface HubClient {
  socket: HubSocket;
  /** Whose session the socket was opened with, to match session revocations. */
  userId: string;
  sessionHash: string;
  /** Set when a pong arrives; cleared at each heartbeat. */
  alive: boolean;
  /** Re-checks the session behind the socket: it may have ended or lost admin rights since the upgrade. */
  verify(): Promise<AccessVerdict>;
}

export interface AdminHubOptions {
  readStats(): Promise<AdminStats>;
  onError(error: unknown, context: string): void;
  debounceMs?: number;
  heartbeatMs?: number;
}

export interface AdminHub {
  add(client: HubClient): void;
  remove(client: HubClient): void;
  onEvent(event: AdminEvent): void;
  /** Sessions ended somewhere: hold the matching sockets until their sessions are re-read. */
  onSessionsRevoked(revocation: SessionRevocation): void;
  /** One heartbeat round; runs on its own timer, exposed for tests. */
  heartbeat(): void;
  close(): void;
  readonly size: number;
}

export function closeFor(client: HubClient, verdict: Exclude<AccessVerdict, "admin">): void {
  const code = verdict === "unauthenticated" ? ADMIN_SOCKET_CLOSE.unauthenticated : ADMIN_SOCKET_CLOSE.forbidden;
  client.socket.close(code, verdict === "unauthenticated" ? "Unauthorized" : "Admin access required");
}

export function createAdminHub(options: AdminHubOptions): AdminHub {
  const { readStats, onError, debounceMs = 50, heartbeatMs = ADMIN_HEARTBEAT_MS } = options;
  const clients = new Set<HubClient>();
  /** Sockets being re-checked after a revocation: what they would be sent, and which check counts. */
  const held = new Map<HubClient, { queue: AdminServerMessage[]; check: number }>();
  /**
   * What each socket was last sent, so a socket gets new stats only when its own figures are
   * stale, and its first stats come out of the same one-at-a-time computation as everyone's: a
   * separate read on connect could answer after a newer broadcast and leave it showing old figures.
   */
  const lastSent = new Map<HubClient, AdminStats>();
  let statsTimer: NodeJS.Timeout | null = null;
  let computing = false;
  let dirty = false;

  const send = (client: HubClient, message: AdminServerMessage) => {
    const hold = held.get(client);
    if (hold) return void hold.queue.push(message);
    if (client.socket.readyState !== OPEN) return;
    try {
      client.socket.send(JSON.stringify(message));
    } catch (error) {
      onError(error, "send to admin socket");
    }
  };
  /** Drops a socket from every table; true if it was still connected. */
  const forget = (client: HubClient) => {
    held.delete(client);
    lastSent.delete(client);
    return clients.delete(client);
  };
  const broadcast = (message: AdminServerMessage) => {
    for (const client of clients) send(client, message);
  };

  function scheduleStats(delayMs = debounceMs) {
    dirty = true;
    // One computation at a time, so an older read can never overwrite a newer one.
    if (statsTimer || computing) return;
    statsTimer = setTimeout(() => void computeStats(), delayMs);
  }

  async function computeStats() {
    statsTimer = null;
    computing = true;
    dirty = false;
    try {
      if (clients.size === 0) return; // nobody to tell; the next socket gets fresh stats on connect
      const stats = await readStats();
      for (const client of clients) {
        const last = lastSent.get(client);
        if (last && sameStats(last, stats)) continue;
        lastSent.set(client, stats);
        send(client, { type: "stats_update", ...stats });
      }
    } catch (error) {
      onError(error, "admin stats");
    } finally {
      computing = false;
      if (dirty) scheduleStats();
    }
  }

  const revokes = (revocation: SessionRevocation, client: HubClient) => {
    if (revocation.scope === "all") return true;
    if (revocation.scope === "session") return client.sessionHash === revocation.sessionHash;
    return client.userId === revocation.userId && client.sessionHash !== revocation.keepSessionHash;
  };

  function recheck(client: HubClient) {
    const hold = held.get(client) ?? { queue: [], check: 0 };
    // Only the newest check may release the socket: an older one may have read the session before the latest change.
    const check = hold.check + 1;
    held.set(client, { ...hold, check });
    client.verify().then(
      (verdict) => {
        const current = held.get(client);
        if (verdict !== "admin") {
          if (forget(client)) closeFor(client, verdict);
          return;
        }
        if (current?.check !== check) return;
        held.delete(client);
        for (const message of current.queue) send(client, message);
      },
      (error: unknown) => {
        // Unsure is not "still an admin": the socket is dropped and the client reconnects.
        onError(error, "verify admin socket after revocation");
        if (forget(client)) client.socket.terminate();
      },
    );
  }

  const heartbeatTimer = setInterval(() => hub.heartbeat(), heartbeatMs);
  heartbeatTimer.unref();

  const hub: AdminHub = {
    add(client) {
      clients.add(client);
      scheduleStats(0);
    },
    remove(client) {
      forget(client);
    },
    onEvent(event) {
      // A conversation's own stream event is for its watchers; the live view's events change no figure.
      if (event.type === "conversation_changed") return;
      if (event.type !== "stats_changed") broadcast(event);
      if (!LIVE_VIEW_EVENTS.has(event.type)) scheduleStats();
    },
    onSessionsRevoked(revocation) {
      for (const client of clients) if (revokes(revocation, client)) recheck(client);
    },
    heartbeat() {
      for (const client of clients) {
        if (!client.alive) {
          forget(client);
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        try {
          client.socket.ping();
        } catch (error) {
          onError(error, "ping admin socket");
        }
        client.verify().then(
          (verdict) => {
            if (verdict !== "admin" && forget(client)) closeFor(client, verdict);
          },
          (error: unknown) => onError(error, "verify admin socket"),
        );
      }
    },
    close() {
      clearInterval(heartbeatTimer);
      if (statsTimer) clearTimeout(statsTimer);
      clients.clear();
      held.clear();
      lastSent.clear();
    },
    get size() {
      return clients.size;
    },
  };
  return hub;
}
