/**
 * Two app instances on one PostgreSQL database, each with its own session cache: a session
 * that ends through instance A is refused by instance B once B has heard the revocation. The
 * tests wait for that notice on B's bus (it arrives some time after A answered), never sleep.
 */
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSessionId } from "../auth/sessions.js";
import { openDatabase, type Database } from "../db/connect.js";
import { sessions } from "../db/schema.js";
import { BUS_EVENT_DEADLINE_MS } from "../test-support/bus-events.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { startTestApp, type TestApp } from "../test-support/test-app.js";
import { createTestPostgresDatabase } from "../test-support/postgres-database.js";
import type { EventBus, SessionRevocation } from "./event-bus.js";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface Pair {
  a: TestApp;
  b: TestApp;
  close(): Promise<void>;
}

async function startPair(): Promise<Pair> {
  const pgDb = await createTestPostgresDatabase();
  // One pool and one LISTEN/NOTIFY bus per instance, as two processes would have.
  const databases: Database[] = [await openDatabase({ url: pgDb.url }), await openDatabase({ url: pgDb.url })];
  const a = await startTestApp("postgres", { database: databases[0], keepDatabase: true });
  const b = await startTestApp("postgres", { database: databases[1], keepDatabase: true });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      for (const database of databases) await database.close();
      await pgDb.drop();
    },
  };
}

/**
 * Resolves on the first revocation matching `match` that `bus` delivers from now on. The
 * app's cache subscribed when the app was built, before this listener, so it has already
 * forgotten by the time this resolves.
 */
function nextRevocation(bus: EventBus, match: (revocation: SessionRevocation) => boolean): Promise<SessionRevocation> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no matching revocation within ${BUS_EVENT_DEADLINE_MS} ms`));
    }, BUS_EVENT_DEADLINE_MS);
    const stop = bus.onSessionsRevoked((revocation) => {
      if (!match(revocation)) return;
      clearTimeout(timer);
      stop();
      resolve(revocation);
    });
  });
}

const whoAmI = (t: TestApp, cookie: string) =>
  t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
const rawId = (cookie: string) => cookie.replace(/^sid=/, "");

describe.skipIf(!hasPostgres)("session caches of two app instances on one PostgreSQL", () => {
  let pair: Pair;
  let admin: MadeUser;
  beforeAll(async () => {
    pair = await startPair();
    admin = await makeOwner(pair.a);
  });
  afterAll(() => pair?.close());

  const onA = (url: string, cookie: string, payload?: object) =>
    pair.a.app.inject({ method: "POST", url, payload, headers: { cookie } });

  /** B answers the user, so B's cache now holds the session. */
  async function cachedOnB(user: MadeUser) {
    expect((await whoAmI(pair.b, user.cookie)).statusCode).toBe(200);
  }

  it("serves a session B has seen from B's cache, even after its row is gone", async () => {
    const user = await makeUser(pair.a, { admin: false });
    await cachedOnB(user);
    const hash = hashSessionId(pair.a.config.sessionSecret, rawId(user.cookie));
    await pair.a.deps.db.db.delete(sessions).where(eq(sessions.idHash, hash));
    expect((await whoAmI(pair.a, user.cookie)).statusCode).toBe(401); // A never cached it
    expect((await whoAmI(pair.b, user.cookie)).statusCode).toBe(200);
  });

  it("refuses on B a session signed out on A", async () => {
    const user = await makeUser(pair.a, { admin: false });
    await cachedOnB(user);
    const sessionHash = hashSessionId(pair.a.config.sessionSecret, rawId(user.cookie));
    const heard = nextRevocation(pair.b.deps.bus, (r) => r.scope === "session" && r.sessionHash === sessionHash);
    expect((await onA("/api/logout", user.cookie)).statusCode).toBe(200);
    await heard;
    expect((await whoAmI(pair.b, user.cookie)).statusCode).toBe(401);
  });

  it("refuses on B a user denied on A", async () => {
    const user = await makeUser(pair.a, { admin: false });
    await cachedOnB(user);
    const heard = nextRevocation(pair.b.deps.bus, (r) => r.scope === "user" && r.userId === user.id);
    expect((await onA(`/api/admin/users/${user.id}/approve`, admin.cookie, { approved: false })).statusCode).toBe(200);
    await heard;
    expect((await whoAmI(pair.b, user.cookie)).statusCode).toBe(401);
    const agents = await pair.b.app.inject({ method: "GET", url: "/api/agents", headers: { cookie: user.cookie } });
    expect(agents.statusCode).toBe(401);
  });

  it("refuses on B a user whose password was reset on A", async () => {
    const user = await makeUser(pair.a, { admin: false });
    await cachedOnB(user);
    const heard = nextRevocation(pair.b.deps.bus, (r) => r.scope === "user" && r.userId === user.id);
    const reset = await onA(`/api/admin/users/${user.id}/reset-password`, admin.cookie, { newPassword: "new-secret" });
    expect(reset.statusCode).toBe(200);
    await heard;
    expect((await whoAmI(pair.b, user.cookie)).statusCode).toBe(401);
  });

  it("asks the database on B when B's listener connection was lost, since notices may have been missed", async () => {
    const user = await makeUser(pair.a, { admin: false });
    await cachedOnB(user);
    const hash = hashSessionId(pair.a.config.sessionSecret, rawId(user.cookie));
    await pair.a.deps.db.db.delete(sessions).where(eq(sessions.idHash, hash));
    expect((await whoAmI(pair.b, user.cookie)).statusCode).toBe(200); // still cached
    const heard = nextRevocation(pair.b.deps.bus, (r) => r.scope === "all");
    await killListenerConnections(pair.b.deps.db.url ?? "");
    await heard;
    expect((await whoAmI(pair.b, user.cookie)).statusCode).toBe(401);
  });
});

describe.skipIf(!hasPostgres)("session caches of two app instances and the system reset", () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await startPair();
  });
  afterAll(() => pair?.close());

  it("refuses on B every session but the admin's after a reset of the whole system on A", async () => {
    const admin = await makeOwner(pair.a);
    const user = await makeUser(pair.a, { admin: false });
    expect((await whoAmI(pair.b, user.cookie)).statusCode).toBe(200);
    expect((await whoAmI(pair.b, admin.cookie)).statusCode).toBe(200);
    const heard = nextRevocation(pair.b.deps.bus, (r) => r.scope === "all");
    const reset = await pair.a.app.inject({
      method: "POST",
      url: "/api/admin/reset-all",
      payload: { confirm: "RESET" },
      headers: { cookie: admin.cookie },
    });
    expect(reset.statusCode).toBe(200);
    await heard;
    expect((await whoAmI(pair.b, user.cookie)).statusCode).toBe(401);
    expect((await whoAmI(pair.b, admin.cookie)).statusCode).toBe(200);
  });
});

/** Ends every LISTEN connection on the database, as a network blip or a database restart would. */
async function killListenerConnections(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Its last statement was its LISTEN, or the liveness check it runs every 30 s.
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and (query ilike 'listen%' or query = 'select 1')",
    );
  } finally {
    await admin.end();
  }
}
