import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordBusEvents, type BusRecording } from "../test-support/bus-events.js";
import { createTestPostgresDatabase } from "../test-support/postgres-database.js";
import type { EventBus } from "./event-bus.js";
import { createPostgresBus } from "./postgres-bus.js";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!hasPostgres)("postgres event bus", () => {
  let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  let a: EventBus;
  let b: EventBus;
  /** What the buses reported failing during this test. */
  let errors: string[] = [];
  const recordings: BusRecording[] = [];
  /** Records a bus for this test only. */
  const collector = (bus: EventBus) => {
    const recording = recordBusEvents(bus);
    recordings.push(recording);
    return recording;
  };

  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    const onError = (_error: unknown, context: string) => errors.push(context);
    a = await createPostgresBus(database.url, { onError });
    b = await createPostgresBus(database.url, { onError });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });
  beforeEach(() => {
    errors = [];
  });
  afterEach(() => {
    for (const recording of recordings.splice(0)) recording.stop();
  });

  it("delivers an event to every bus on the database, the publisher's own included", async () => {
    const onA = collector(a);
    const onB = collector(b);
    await a.publish({ type: "user_signup", userEmail: "one@example.com" });
    for (const c of [onA, onB]) await c.next((e) => e.type === "user_signup" && e.userEmail === "one@example.com");
  });

  it("sends a bare stats signal instead of a payload PostgreSQL would refuse", async () => {
    const onB = collector(b);
    await expect(a.publish({ type: "critical_error", message: "é".repeat(5000) })).resolves.toBeUndefined();
    await onB.next((e) => e.type === "stats_changed");
    expect(onB.events.some((e) => e.type === "critical_error")).toBe(false);
  });

  it("reconnects its listener after the connection is killed, and asks for a stats refresh", async () => {
    const onB = collector(b);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    // Kill every listener connection on this database (both buses'): its last statement was its
    // LISTEN, or the liveness check it runs every 30 s, which a slow run may already have reached.
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and (query ilike 'listen%' or query = 'select 1')",
    );
    await admin.end();
    await onB.next((e) => e.type === "stats_changed");
    await a.publish({ type: "user_signup", userEmail: "after@example.com" });
    await onB.next((e) => e.type === "user_signup" && e.userEmail === "after@example.com");
    expect(errors.some((c) => c.includes("listener connection lost"))).toBe(true);
  });

  it("never fails the publisher when a notice cannot be sent", async () => {
    const lonely = await createPostgresBus(database.url, { onError: (_e, context) => errors.push(context) });
    await lonely.close();
    await expect(lonely.publish({ type: "stats_changed" })).resolves.toBeUndefined();
    expect(errors).toContain("publish failed");
  });
});
