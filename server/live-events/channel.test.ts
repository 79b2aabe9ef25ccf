import { randomBytes } from "node:crypto";
import { connect as connectTcp } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { makeOwner, makeUser, signupPayload, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { connectAdminSocket, type AdminSocketClient } from "../realtime/admin-socket-client.js";

/** When a message that never came is reported missing: a bound on a hang, not a measure of speed. */
const DEADLINE_MS = 10_000;

describeEachEngine("live admin channel", (engine) => {
  let t: TestApp;
  let base: string;
  let admin: MadeUser;
  let ordinary: MadeUser;
  const open: AdminSocketClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(engine);
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    admin = await makeOwner(t);
    ordinary = await makeUser(t, { admin: false });
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t.close();
  });

  const connect = async (cookie?: string, origin?: string) => {
    const client = await connectAdminSocket(base, cookie, origin);
    open.push(client);
    return client;
  };
  const refusal = (cookie?: string, origin?: string) =>
    connect(cookie, origin).then(
      () => "accepted",
      (error: { status?: number }) => error.status,
    );

  it("refuses the upgrade when signed out (401), for an ordinary user (403) and from another site's page (403)", async () => {
    expect(await refusal()).toBe(401);
    expect(await refusal("sid=forged")).toBe(401);
    expect(await refusal(ordinary.cookie)).toBe(403);
    expect(await refusal(admin.cookie, "https://evil.example")).toBe(403);
  });

  it("ends the connection of every refused upgrade, so none stays open on the server", async () => {
    expect(await refusedUpgradeEnds(base)).toBe(401);
    expect(await refusedUpgradeEnds(base, ordinary.cookie)).toBe(403);
    expect(await refusedUpgradeEnds(base, admin.cookie, "https://evil.example")).toBe(403);
  });

  it("accepts an admin from our own origin and sends the stats at once", async () => {
    const client = await connect(admin.cookie, base);
    const { message } = await client.next("stats_update", DEADLINE_MS);
    expect(message).toEqual({
      type: "stats_update",
      totalUsers: 2,
      adminUsers: 1,
      pendingUsers: 0,
      unresolvedErrors: 0,
      criticalErrors: 0,
    });
  });

  it("keeps a socket whose auth message names the cookie's user", async () => {
    const client = await connect(admin.cookie);
    // The first stats mean the server's message handler is in place.
    await client.next("stats_update", DEADLINE_MS);
    client.socket.send(JSON.stringify({ type: "auth", userId: admin.id }));
    client.socket.send(JSON.stringify({ type: "something-newer" }));
    // The server reads frames in order: its pong comes after it has judged both messages,
    // and a close it decided on would reach us before that pong.
    expect(await pongOrClose(client)).toBe("pong");
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it("closes with 4403 a socket whose auth message names someone else or another session", async () => {
    const forged = await connect(admin.cookie);
    await forged.next("stats_update", DEADLINE_MS);
    forged.socket.send(JSON.stringify({ type: "auth", userId: ordinary.id, sessionId: "x" }));
    // The round trip the test above relies on, seen from the other side: the close beats the pong.
    expect(await pongOrClose(forged)).toBe("close");
    expect((await forged.closed).code).toBe(4403);
    const otherSession = await connect(admin.cookie);
    otherSession.socket.send(JSON.stringify({ type: "auth", userId: admin.id, sessionId: "not-this-session" }));
    expect((await otherSession.closed).code).toBe(4403);
  });

  it("tells admins live about a sign-up, its approval and a critical report, with fresh stats each time", async () => {
    const client = await connect(admin.cookie);
    await client.next("stats_update", DEADLINE_MS);

    let since = performance.now();
    const signup = signupPayload();
    const created = await t.app.inject({ method: "POST", url: "/api/signup", payload: signup });
    expect(await client.next("user_signup", DEADLINE_MS, (m) => m.userEmail === signup.email, since)).toBeTruthy();
    expect(
      (await client.next("stats_update", DEADLINE_MS, (m) => m.pendingUsers === 1, since)).message.totalUsers,
    ).toBe(3);

    since = performance.now();
    const id = created.json<{ user: { id: string } }>().user.id;
    await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${id}/approve`,
      payload: { approved: true },
      headers: { cookie: admin.cookie },
    });
    expect((await client.next("user_approval", DEADLINE_MS, undefined, since)).message).toEqual({
      type: "user_approval",
      approved: true,
      userEmail: signup.email,
    });
    await client.next("stats_update", DEADLINE_MS, (m) => m.pendingUsers === 0, since);

    since = performance.now();
    await t.app.inject({
      method: "POST",
      url: "/api/error-report",
      payload: { errorType: "crash", severity: "critical", message: "Everything is down" },
      headers: { cookie: ordinary.cookie },
    });
    expect((await client.next("error_report", DEADLINE_MS, undefined, since)).message).toMatchObject({
      severity: "critical",
      message: "Everything is down",
    });
    expect((await client.next("critical_error", DEADLINE_MS, undefined, since)).message.message).toBe(
      "Everything is down",
    );
    const stats = await client.next("stats_update", DEADLINE_MS, (m) => m.criticalErrors === 1, since);
    expect(stats.message.unresolvedErrors).toBe(1);
  });

  it("answers a plain GET of /ws-admin (no upgrade) without a socket", async () => {
    const res = await t.app.inject({ method: "GET", url: "/ws-admin", headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(404);
  });
});

describeEachEngine("live admin channel after an admin loses access", (engine) => {
  let t: TestApp;
  let base: string;
  let owner: MadeUser;
  const open: AdminSocketClient[] = [];

  beforeEach(async () => {
    t = await startTestApp(engine);
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    owner = await makeOwner(t);
  });
  afterEach(async () => {
    for (const c of open.splice(0)) c.close();
    await t.close();
  });

  const connectReady = async (cookie: string) => {
    const client = await connectAdminSocket(base, cookie);
    open.push(client);
    await client.next("stats_update", DEADLINE_MS);
    return client;
  };

  /**
   * Signs a stranger up once `lostAccess` has answered, waits until the owner's socket has the
   * sign-up, then says whether the other socket was closed or carried the stranger's email.
   */
  async function afterLosingAccess(lostAccess: (other: MadeUser) => Promise<number>): Promise<"closed" | "leaked"> {
    const other = await makeUser(t, { admin: true });
    const otherSocket = await connectReady(other.cookie);
    const ownerSocket = await connectReady(owner.cookie);
    const signup = signupPayload();
    const carriesSignup = (data: unknown) => String(data).includes(signup.email);
    const outcome = new Promise<"closed" | "leaked">((resolve) => {
      otherSocket.socket.on("message", (data) => {
        if (carriesSignup(data)) resolve("leaked");
      });
      void otherSocket.closed.then(() => resolve("closed"));
    });
    expect(await lostAccess(other)).toBe(200);
    const since = performance.now();
    expect((await t.app.inject({ method: "POST", url: "/api/signup", payload: signup })).statusCode).toBe(201);
    await ownerSocket.next("user_signup", DEADLINE_MS, (m) => m.userEmail === signup.email, since);
    return outcome;
  }

  it("closes a denied admin's open socket without sending it the sign-up that followed the denial", async () => {
    const result = await afterLosingAccess(async (other) => {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/admin/users/${other.id}/approve`,
        payload: { approved: false },
        headers: { cookie: owner.cookie },
      });
      return res.statusCode;
    });
    expect(result).toBe("closed");
  });

  it("closes the open socket of an admin the system reset deleted without sending it the next sign-up", async () => {
    const result = await afterLosingAccess(async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/reset-all",
        payload: { confirm: "RESET" },
        headers: { cookie: owner.cookie },
      });
      return res.statusCode;
    });
    expect(result).toBe("closed");
  });
});

/** Pings the server and says which came back first: its pong, or a close. */
function pongOrClose(client: AdminSocketClient): Promise<"pong" | "close"> {
  return new Promise((resolve) => {
    client.socket.once("pong", () => resolve("pong"));
    void client.closed.then(() => resolve("close"));
    client.socket.ping();
  });
}

/**
 * Asks for an upgrade over a bare TCP socket that never closes by itself, and resolves with the
 * refusal's status once the server has ended the connection; rejects if it keeps it open.
 */
function refusedUpgradeEnds(baseUrl: string, cookie?: string, origin?: string): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connectTcp(Number(port), hostname);
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(`the server kept a refused upgrade open; it answered ${JSON.stringify(received.split("\r\n")[0])}`),
      );
    }, DEADLINE_MS);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    // A reset instead of a clean end still ends the connection; "close" follows either way.
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]));
    });
    const headers = [
      "GET /ws-admin HTTP/1.1",
      `Host: ${hostname}:${port}`,
      "Connection: Upgrade",
      "Upgrade: websocket",
      "Sec-WebSocket-Version: 13",
      `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}`,
      ...(cookie ? [`Cookie: ${cookie}`] : []),
      ...(origin ? [`Origin: ${origin}`] : []),
    ];
    socket.write(`${headers.join("\r\n")}\r\n\r\n`);
  });
}
