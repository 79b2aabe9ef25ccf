/**
 * Two app instances on one PostgreSQL database, as behind a load balancer: an admin's socket
 * on instance B hears what happens through instance A. How fast is measured and printed, not
 * asserted: on a busy machine delivery is slower, and the test must still tell the truth.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/connect.js";
import { makeOwner, makeUser, signupPayload, type MadeUser } from "../test-support/factories.js";
import { startTestApp, type TestApp } from "../test-support/test-app.js";
import { createTestPostgresDatabase } from "../test-support/postgres-database.js";
import { connectAdminSocket, type AdminSocketClient } from "./admin-socket-client.js";

/** When an event that never came is reported missing: a bound on a hang, not a measure of speed. */
const DEADLINE_MS = 10_000;
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!hasPostgres)("two app instances on one PostgreSQL", () => {
  let pgDb: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  let databases: Database[];
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  let admin: MadeUser;
  let ordinary: MadeUser;
  let socket: AdminSocketClient;
  const latencies: Record<string, number> = {};

  beforeAll(async () => {
    pgDb = await createTestPostgresDatabase();
    // One pool per instance; each startTestApp opens its own LISTEN/NOTIFY bus from the URL.
    databases = [await openDatabase({ url: pgDb.url }), await openDatabase({ url: pgDb.url })];
    a = await startTestApp("postgres", { database: databases[0], keepDatabase: true });
    b = await startTestApp("postgres", { database: databases[1], keepDatabase: true });
    expect(a.deps.bus).not.toBe(b.deps.bus);
    baseB = await b.app.listen({ port: 0, host: "127.0.0.1" });
    admin = await makeOwner(a);
    ordinary = await makeUser(a, { admin: false });
    socket = await connectAdminSocket(baseB, admin.cookie);
    await socket.next("stats_update", DEADLINE_MS);
  });
  afterAll(async () => {
    socket?.close();
    await a?.close();
    await b?.close();
    for (const d of databases ?? []) await d.close();
    await waitUntilDisconnected(pgDb.url);
    await pgDb?.drop();
    console.info("cross-instance latency (action started on A → event on B), ms:", latencies);
  });

  /** Acts on A and waits for the event on B; the latency printed at the end runs from the start of the action. */
  async function expectOnB<T extends Parameters<AdminSocketClient["next"]>[0]>(
    label: string,
    type: T,
    action: () => Promise<unknown>,
    where?: Parameters<AdminSocketClient["next"]>[2],
  ) {
    const started = performance.now();
    await action();
    const hit = await socket.next(type, DEADLINE_MS, where as never, started);
    latencies[label] = Math.round((hit.at - started) * 10) / 10;
    return hit.message;
  }

  it("delivers a sign-up on A to the admin socket on B, with the pending count", async () => {
    const signup = signupPayload();
    let id = "";
    await expectOnB("user_signup", "user_signup", async () => {
      const res = await a.app.inject({ method: "POST", url: "/api/signup", payload: signup });
      id = res.json<{ user: { id: string } }>().user.id;
    });
    const stats = await socket.next("stats_update", DEADLINE_MS, (m) => "pendingUsers" in m && m.pendingUsers === 1);
    expect(stats.message).toMatchObject({ totalUsers: 3, pendingUsers: 1 });

    const approvalStarted = performance.now();
    const approval = await expectOnB("user_approval", "user_approval", () =>
      a.app.inject({
        method: "POST",
        url: `/api/admin/users/${id}/approve`,
        payload: { approved: true },
        headers: { cookie: admin.cookie },
      }),
    );
    expect(approval).toEqual({ type: "user_approval", approved: true, userEmail: signup.email });
    // Told apart by its counts, not by when it came: it may even share a read with the approval.
    const after = await socket.next("stats_update", DEADLINE_MS, (m) => m.totalUsers === 3 && m.pendingUsers === 0);
    latencies["stats_update after approval"] = Math.round((after.at - approvalStarted) * 10) / 10;
  });

  it("delivers an error report on A to B as error_report, critical_error and fresh stats", async () => {
    const report = () =>
      a.app.inject({
        method: "POST",
        url: "/api/error-report",
        payload: { errorType: "crash", severity: "critical", message: "Instance A is on fire" },
        headers: { cookie: ordinary.cookie },
      });
    const started = performance.now();
    const message = await expectOnB("error_report", "error_report", report);
    expect(message).toMatchObject({ severity: "critical", message: "Instance A is on fire" });
    const critical = await socket.next("critical_error", DEADLINE_MS, undefined, started);
    expect(critical.message.message).toBe("Instance A is on fire");
    const stats = await socket.next(
      "stats_update",
      DEADLINE_MS,
      (m) => "criticalErrors" in m && m.criticalErrors === 1,
      started,
    );
    latencies["critical_error"] = Math.round((critical.at - started) * 10) / 10;
    latencies["stats_update after report"] = Math.round((stats.at - started) * 10) / 10;
  });

  it("refuses on B a non-admin's socket and closes a socket whose auth message names someone else", async () => {
    const refused = await connectAdminSocket(baseB, ordinary.cookie).then(
      () => "accepted",
      (error: { status?: number }) => error.status,
    );
    expect(refused).toBe(403);
    const forged = await connectAdminSocket(baseB, admin.cookie);
    forged.socket.send(JSON.stringify({ type: "auth", userId: ordinary.id }));
    expect((await forged.closed).code).toBe(4403);
  });
});

/**
 * pg's Pool.end() resolves before its sockets have closed; dropping the database "with
 * force" at that moment kills them mid-goodbye, and the error surfaces as uncaught.
 */
async function waitUntilDisconnected(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    // Another server's state, with no event to wait on: ask until it is so, for as long as a busy machine needs.
    for (let i = 0; i < 500; i++) {
      const { rows } = await admin.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = $1",
        [name],
      );
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await admin.end();
  }
}
