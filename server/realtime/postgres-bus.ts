/**
 * Admin events across app instances through PostgreSQL LISTEN/NOTIFY. One dedicated
 * connection listens; publishing is a NOTIFY on a small pool. The listener reconnects with
 * backoff when its connection drops, and then tells local subscribers that stats may have
 * changed, because NOTIFYs sent while it was away are gone for good. Session revocations share
 * the channel; while the listener is away every session cache forgets everything, for the same reason.
 */
import pg from "pg";
import {
  isAdminEvent,
  readSessionRevocation,
  SESSION_REVOCATION_TYPE,
  type AdminEvent,
  type EventBus,
  type SessionRevocation,
} from "./event-bus.js";

const BUS_CONNECT_TIMEOUT_MS = 5_000;

const CHANNEL = "admin_events";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;
/** A silent dead TCP connection would otherwise go unnoticed until the OS gives up on it. */
const LISTENER_CHECK_MS = 30_000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

export interface PostgresBusOptions {
  /** Where connection and publish failures are reported; they never fail the caller. */
  onError?: (error: unknown, context: string) => void;
}

export async function createPostgresBus(url: string, options: PostgresBusOptions = {}): Promise<EventBus> {
  // Only the message: a pg error object drags its whole client (and connection string) along.
  const onError =
    options.onError ??
    ((error, context) =>
      console.warn(`[postgres-bus] ${context}: ${error instanceof Error ? error.message : String(error)}`));
  const listeners = new Set<(event: AdminEvent) => void>();
  const revocationListeners = new Set<(revocation: SessionRevocation) => void>();
  // Bounded connects: a database that accepts but never answers must not hang a publish or a reconnect.
  const publisher = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: BUS_CONNECT_TIMEOUT_MS });
  // An idle pooled client losing its connection emits here; unhandled, it would end the process.
  publisher.on("error", (error) => onError(error, "publisher pool"));
  let listener: pg.Client | null = null;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let checkTimer: NodeJS.Timeout | null = null;
  let failures = 0;

  const deliver = (event: AdminEvent) => {
    for (const fn of listeners) {
      try {
        fn(event);
      } catch (error) {
        onError(error, "subscriber");
      }
    }
  };

  const deliverRevocation = (revocation: SessionRevocation) => {
    for (const fn of revocationListeners) {
      try {
        fn(revocation);
      } catch (error) {
        onError(error, "session revocation subscriber");
      }
    }
  };

  const onNotification = (payload: string | undefined) => {
    if (!payload) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (isAdminEvent(parsed)) return deliver(parsed);
    const revocation = readSessionRevocation(parsed);
    if (revocation) deliverRevocation(revocation);
  };

  function dropListener(client: pg.Client, error: unknown) {
    if (listener !== client) return; // already handled ('error' and 'end' both fire)
    listener = null;
    if (checkTimer) clearInterval(checkTimer);
    client.removeAllListeners("notification");
    client.end().catch(() => undefined);
    if (closed) return;
    deliverRevocation({ scope: "all" });
    onError(error, "listener connection lost; reconnecting");
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures);
    failures += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connectListener().then(
        // Whatever was published while we were away is lost: have everyone recompute and re-read.
        () => {
          deliverRevocation({ scope: "all" });
          deliver({ type: "stats_changed" });
        },
        (error: unknown) => {
          onError(error, "listener reconnect failed");
          scheduleReconnect();
        },
      );
    }, delay);
    reconnectTimer.unref();
  }

  async function connectListener(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: BUS_CONNECT_TIMEOUT_MS,
    });
    client.on("notification", (msg) => onNotification(msg.payload));
    client.on("error", (error) => dropListener(client, error));
    client.on("end", () => dropListener(client, new Error("connection ended")));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      client.removeAllListeners();
      client.on("error", () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
    failures = 0;
    checkTimer = setInterval(() => {
      client.query("select 1").catch((error: unknown) => dropListener(client, error));
    }, LISTENER_CHECK_MS);
    checkTimer.unref();
  }
  await connectListener();

  return {
    async publish(event) {
      let payload = JSON.stringify(event);
      // Only free text can make a payload large; a bare "something changed" still gets through.
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) payload = JSON.stringify({ type: "stats_changed" });
      try {
        await publisher.query("select pg_notify($1, $2)", [CHANNEL, payload]);
      } catch (error) {
        // The action that published has already happened; a lost notice must not turn it into a 500.
        onError(error, "publish failed");
      }
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async revokeSessions(revocation) {
      // This instance forgets before the caller answers; the others when the NOTIFY arrives
      // (this instance hears its own again, which costs nothing).
      deliverRevocation(revocation);
      try {
        await publisher.query("select pg_notify($1, $2)", [
          CHANNEL,
          JSON.stringify({ type: SESSION_REVOCATION_TYPE, ...revocation }),
        ]);
      } catch (error) {
        // The other instances' caches still forget within their time-to-live.
        onError(error, "session revocation publish failed");
      }
    },
    onSessionsRevoked(fn) {
      revocationListeners.add(fn);
      return () => revocationListeners.delete(fn);
    },
    hearsOtherInstances: () => listener !== null,
    async close() {
      closed = true;
      listeners.clear();
      revocationListeners.clear();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (checkTimer) clearInterval(checkTimer);
      const current = listener;
      listener = null;
      await current?.end().catch(() => undefined);
      await publisher.end();
    },
  };
}
