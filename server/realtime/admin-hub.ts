/**
 * The admin sockets of one app instance: forwards bus events to them, recomputes the stats
 * (debounced) after every event and pushes them only when they changed, and runs the
 * heartbeat that drops sockets which stopped answering or whose session ended.
 */
import {
  ADMIN_HEARTBEAT_MS,
  ADMIN_SOCKET_CLOSE,
  type AdminServerMessage,
  type AdminStats,
} from "../../contracts/realtime.js";
import { sameStats } from "../admin/stats-service.js";
import type { AdminEvent } from "./event-bus.js";

const OPEN = 1; // WebSocket.OPEN

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
  let lastStats: AdminStats | null = null;
  let statsTimer: NodeJS.Timeout | null = null;
  let computing = false;
  let dirty = false;

  const send = (client: HubClient, message: AdminServerMessage) => {
    if (client.socket.readyState !== OPEN) return;
    try {
      client.socket.send(JSON.stringify(message));
    } catch (error) {
      onError(error, "send to admin socket");
    }
  };
  const broadcast = (message: AdminServerMessage) => {
    for (const client of clients) send(client, message);
  };

  function scheduleStats() {
    dirty = true;
    // One computation at a time, so an older read can never overwrite a newer one.
    if (statsTimer || computing) return;
    statsTimer = setTimeout(() => void computeStats(), debounceMs);
  }

  async function computeStats() {
    statsTimer = null;
    computing = true;
    dirty = false;
    try {
      if (clients.size === 0) {
        lastStats = null; // nobody to tell; the next socket gets fresh stats on connect
        return;
      }
      const stats = await readStats();
      if (lastStats && sameStats(lastStats, stats)) return;
      lastStats = stats;
      broadcast({ type: "stats_update", ...stats });
    } catch (error) {
      onError(error, "admin stats");
    } finally {
      computing = false;
      if (dirty) scheduleStats();
    }
  }

  const heartbeatTimer = setInterval(() => hub.heartbeat(), heartbeatMs);
  heartbeatTimer.unref();

  const hub: AdminHub = {
    add(client) {
      clients.add(client);
      readStats().then(
        (stats) => send(client, { type: "stats_update", ...stats }),
        (error: unknown) => onError(error, "admin stats on connect"),
      );
    },
    remove(client) {
      clients.delete(client);
    },
    onEvent(event) {
      if (event.type !== "stats_changed") broadcast(event);
      scheduleStats();
    },
    heartbeat() {
      for (const client of clients) {
        if (!client.alive) {
          clients.delete(client);
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
            if (verdict !== "admin" && clients.delete(client)) closeFor(client, verdict);
          },
          (error: unknown) => onError(error, "verify admin socket"),
        );
      }
    },
    close() {
      clearInterval(heartbeatTimer);
      if (statsTimer) clearTimeout(statsTimer);
      clients.clear();
    },
    get size() {
      return clients.size;
    },
  };
  return hub;
}
