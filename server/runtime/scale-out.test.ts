/**
 * Several server processes on one PostgreSQL, as README "Running many instances" describes:
 * two compiled servers started separately (as behind a proxy), and the cluster entry
 * (dist/server/cluster.js) with two workers on one port. Each process has its own session
 * cache; revocations reach the others through LISTEN/NOTIFY. A notice arrives some time after
 * the action that sent it, so the tests wait for a later notice on the same channel, seen on the
 * other process's admin socket, never for a span of time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { connectAdminSocket } from "../realtime/admin-socket-client.js";
import { BUS_EVENT_DEADLINE_MS } from "../test-support/bus-events.js";
import {
  buildCompiledServer,
  startNodeProcess,
  type CompiledBuild,
  type NodeProcess,
} from "../test-support/compiled-server.js";
import { call, signIn, signUp } from "../test-support/http-client.js";
import { createTestPostgresDatabase } from "../test-support/postgres-database.js";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SECRET = "scale-out-secret-scale-out-secret-scale-out";

let build: CompiledBuild;
beforeAll(() => {
  if (hasPostgres) build = buildCompiledServer();
});
afterAll(() => build?.remove());

describe.skipIf(!hasPostgres)("two server processes on one PostgreSQL", () => {
  let a: NodeProcess;
  let b: NodeProcess;
  let drop: () => Promise<void>;
  let adminCookie: string;

  beforeAll(async () => {
    const database = await createTestPostgresDatabase();
    drop = database.drop;
    // The ready line is logged at info.
    const env = { DATABASE_URL: database.url, SESSION_SECRET: SECRET, LOG_LEVEL: "info" };
    // One after the other: the first applies the migrations.
    a = await startNodeProcess(join(build.dir, "server", "main.js"), env, /ready on/);
    b = await startNodeProcess(join(build.dir, "server", "main.js"), env, /ready on/);
    adminCookie = await signIn(a.base, await signUp(a.base, "owner"));
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
  });

  async function approvedUser(): Promise<{ id: string; email: string; cookie: string }> {
    const user = await signUp(a.base, "member");
    const approve = await call(a.base, "POST", `/api/admin/users/${user.id}/approve`, {
      cookie: adminCookie,
      json: { approved: true },
    });
    expect(approve.status).toBe(200);
    return { id: user.id, email: user.email, cookie: await signIn(a.base, user) };
  }

  it("honours on one process a session signed in on the other", async () => {
    const user = await approvedUser();
    const me = await call(b.base, "GET", "/api/auth/user", { cookie: user.cookie });
    expect(me.status).toBe(200);
    expect((me.body as { id: string }).id).toBe(user.id);
    const created = await call(b.base, "POST", "/api/agents", {
      cookie: user.cookie,
      json: { name: "Shared Sam", gender: "male", role: "Support", customPrompt: "Answer briefly." },
    });
    expect(created.status).toBe(201);
    const listedOnA = await call(a.base, "GET", "/api/agents", { cookie: user.cookie });
    expect((listedOnA.body as { name: string }[]).map((agent) => agent.name)).toContain("Shared Sam");
  });

  it("refuses on one process, on its next request, a user denied on the other, though its cache held them", async () => {
    const user = await approvedUser();
    // B now holds the session in its cache.
    expect((await call(b.base, "GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(200);
    const socketOnB = await connectAdminSocket(b.base, adminCookie);
    try {
      const since = performance.now();
      const deny = await call(a.base, "POST", `/api/admin/users/${user.id}/approve`, {
        cookie: adminCookie,
        json: { approved: false },
      });
      expect(deny.status).toBe(200);
      // The denial's admin event is sent after its session revocation, on the same channel:
      // once B has passed the event to its admin socket, B has already handled the revocation.
      await socketOnB.next("user_approval", BUS_EVENT_DEADLINE_MS, (m) => m.userEmail === user.email, since);
      expect((await call(b.base, "GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(401);
      expect((await call(b.base, "GET", "/api/agents", { cookie: user.cookie })).status).toBe(401);
    } finally {
      socketOnB.close();
    }
  });

  it("refuses on one process a session signed out on the other", async () => {
    const user = await approvedUser();
    expect((await call(b.base, "GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(200);
    const socketOnB = await connectAdminSocket(b.base, adminCookie);
    try {
      expect((await call(a.base, "POST", "/api/logout", { cookie: user.cookie })).status).toBe(200);
      // Any admin event sent after the sign-out's revocation proves B has read past it.
      const since = performance.now();
      const other = await approvedUser();
      await socketOnB.next("user_approval", BUS_EVENT_DEADLINE_MS, (m) => m.userEmail === other.email, since);
      expect((await call(b.base, "GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(401);
    } finally {
      socketOnB.close();
    }
  });
});

describe.skipIf(!hasPostgres)("the cluster entry with two workers on one PostgreSQL", () => {
  let cluster: NodeProcess;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestPostgresDatabase();
    drop = database.drop;
    cluster = await startNodeProcess(
      join(build.dir, "server", "cluster.js"),
      { DATABASE_URL: database.url, SESSION_SECRET: SECRET, CLUSTER_WORKERS: "2", LOG_LEVEL: "info" },
      /cluster ready on/,
    );
  });
  afterAll(async () => {
    await cluster?.stop();
    await drop?.();
  });

  it("serves one port from two worker processes, signed-in users on either", async () => {
    expect(cluster.childPids()).toHaveLength(2);
    const owner = await signUp(cluster.base, "owner");
    const cookie = await signIn(cluster.base, owner);
    // Each call is a new connection; the primary deals them out to the workers in turn.
    for (let i = 0; i < 6; i++) {
      expect((await call(cluster.base, "GET", "/api/auth/user", { cookie })).status).toBe(200);
    }
    const page = await call(cluster.base, "GET", "/");
    expect(page.status).toBe(200);
  });

  it("replaces a worker that dies, and keeps answering", async () => {
    const [victim] = cluster.childPids();
    const from = cluster.output().length;
    process.kill(victim, "SIGKILL");
    await cluster.waitForLine(/starting a replacement/, BUS_EVENT_DEADLINE_MS, from);
    await cluster.waitForLine(/AgentDesk ready on/, 150_000, from);
    const workers = cluster.childPids();
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(victim);
    expect((await call(cluster.base, "GET", "/readyz")).status).toBe(200);
  });

  it("refuses to start without PostgreSQL", async () => {
    const alone = startNodeProcess(join(build.dir, "server", "cluster.js"), { CLUSTER_WORKERS: "2" }, /cluster ready/);
    await expect(alone).rejects.toThrow(/needs DATABASE_URL/);
  });

  it("stops its workers and exits cleanly on SIGTERM", async () => {
    const workers = cluster.childPids();
    expect(await cluster.stop()).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
