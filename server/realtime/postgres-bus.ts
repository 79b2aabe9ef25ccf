/**
 * Admin events across app instances through PostgreSQL LISTEN/NOTIFY. One dedicated
 * connection listens; publishing is a NOTIFY on a pooled connection. Reconnects on loss.
 */
import pg from "pg";
import type { AdminEvent, EventBus } from "./event-bus.js";

const CHANNEL = "admin_events";

export async function createPostgresBus(url: string): Promise<EventBus> {
  const listeners = new Set<(event: AdminEvent) => void>();
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  let listener: pg.Client | null = null;
  let closed = false;

  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    let event: AdminEvent;
    try {
      event = JSON.parse(payload) as AdminEvent;
    } catch {
      return;
    }
    for (const fn of listeners) fn(event);
  };

  async function connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (msg) => deliver(msg.payload));
    client.on("error", () => {
      if (closed) return;
      listener = null;
      setTimeout(() => void connectListener().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  }
  await connectListener();

  return {
    async publish(event) {
      await publisher.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify(event)]);
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async close() {
      closed = true;
      listeners.clear();
      await listener?.end().catch(() => undefined);
      await publisher.end();
    },
  };
}
