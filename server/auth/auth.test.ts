import { errorBody } from "../../contracts/errors.js";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../contracts/auth.js";
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/connect.js";
import { auditLog } from "../db/schema-records.js";
import { makeUser, signupPayload } from "../test-support/factories.js";
import { describeEachEngine, sessionCookie, startTestApp, type TestApp } from "../test-support/test-app.js";
import { createTestPostgresDatabase } from "../test-support/postgres-database.js";

describeEachEngine("accounts", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const signup = (payload: unknown) => t.app.inject({ method: "POST", url: "/api/signup", payload: payload as object });
  const login = (email: string, password: string, ip = "10.0.0.1") =>
    t.app.inject({ method: "POST", url: "/api/login", payload: { email, password }, remoteAddress: ip });

  it("makes the first account an approved admin and every later one pending", async () => {
    const first = await signup(signupPayload());
    expect(first.statusCode).toBe(201);
    expect(first.json().user).toMatchObject({ isAdmin: true, approvalStatus: "approved", isApproved: true });
    expect(first.json().message).toBe(MESSAGES.signedUpOwner);
    const second = await signup(signupPayload());
    expect(second.statusCode).toBe(201);
    expect(second.json().user).toMatchObject({ isAdmin: false, approvalStatus: "pending" });
    expect(second.json().message).toBe(MESSAGES.signedUp);
    // The owner is signed in by the sign-up itself; a pending account is not.
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: sessionCookie(first) } });
    expect(me.json()).toMatchObject({ id: first.json().user.id, isAdmin: true });
    expect(second.cookies.find((c) => c.name === "sid")).toBeUndefined();
  });

  describe("changing one's own password", () => {
    const change = (cookie: string, payload: object) =>
      t.app.inject({ method: "POST", url: "/api/auth/password", headers: { cookie }, payload });
    const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });

    it("needs the current password, signs out the person's other sessions but this one, and is audited", async () => {
      const person = await makeUser(t, { admin: false });
      const otherBrowser = sessionCookie(await login(person.email, person.password));
      const bystander = await makeUser(t, { admin: false });
      const res = await change(person.cookie, { currentPassword: person.password, newPassword: "a-fresh-secret" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: MESSAGES.passwordChanged });
      expect((await me(person.cookie)).statusCode).toBe(200);
      expect((await me(otherBrowser)).statusCode).toBe(401);
      expect((await me(bystander.cookie)).statusCode).toBe(200);
      expect((await login(person.email, person.password)).statusCode).toBe(401);
      expect((await login(person.email, "a-fresh-secret")).statusCode).toBe(200);
      const rows = await t.deps.db.db.select().from(auditLog).where(eq(auditLog.action, "user.change_password"));
      const row = rows.find((r) => r.targetId === person.id);
      expect(row).toMatchObject({ actorId: person.id, detail: { otherSessionsEnded: 1 } });
      expect(JSON.stringify(row)).not.toContain("a-fresh-secret");
    });

    it("refuses a wrong current password with 400 and keeps the old password and the other sessions", async () => {
      const person = await makeUser(t, { admin: false });
      const otherBrowser = sessionCookie(await login(person.email, person.password));
      const res = await change(person.cookie, { currentPassword: "not-my-password", newPassword: "a-fresh-secret" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorBody("WRONG_CURRENT_PASSWORD"));
      expect((await me(otherBrowser)).statusCode).toBe(200);
      expect((await login(person.email, person.password)).statusCode).toBe(200);
    });

    it("validates the new password as sign-up does, and refuses the signed-out with 401", async () => {
      const person = await makeUser(t, { admin: false });
      const short = await change(person.cookie, { currentPassword: person.password, newPassword: "12345" });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toMatch("Password must be at least 6 characters");
      const signedOut = await t.app.inject({
        method: "POST",
        url: "/api/auth/password",
        payload: { currentPassword: person.password, newPassword: "a-fresh-secret" },
      });
      expect(signedOut.statusCode).toBe(401);
    });
  });

  describe("sign-up validation", () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["an invalid email", { email: "not-an-email" }, /Invalid email address/],
      ["a password under 6 characters", { password: "12345" }, /at least 6 characters/],
      ["a missing full name", { fullName: "" }, /Full name is required/],
      ["a blank company name", { companyName: "   " }, /Company name is required/],
      ["a missing phone number", { phoneNumber: undefined }, /Phone number is required/],
      ["a missing address", { address: undefined }, /Address is required/],
      ["a password of the wrong type", { password: 123456 }, /Password/],
    ];
    for (const [what, change, message] of cases) {
      it(`refuses ${what} with 400 and a readable message`, async () => {
        const res = await signup({ ...signupPayload(), ...change });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(message);
      });
    }
  });

  it("refuses a duplicate email with 409, whatever its case", async () => {
    const payload = signupPayload();
    expect((await signup(payload)).statusCode).toBe(201);
    const again = await signup({ ...payload, email: payload.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.duplicateEmail);
  });

  it("does not let a pending user sign in and says why", async () => {
    const u = await makeUser(t, { status: "pending" });
    const res = await login(u.email, u.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.pending);
    expect(res.cookies).toHaveLength(0);
  });

  it("does not let a denied user sign in and says why", async () => {
    const u = await makeUser(t, { status: "denied" });
    const res = await login(u.email, u.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.denied);
  });

  it("answers a wrong password and an unknown email with the same 401", async () => {
    const u = await makeUser(t);
    const wrong = await login(u.email, "wrong-password", "10.0.1.1");
    const unknown = await login("nobody@example.com", "whatever", "10.0.1.2");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(errorBody("BAD_CREDENTIALS"));
    expect(unknown.json()).toEqual(errorBody("BAD_CREDENTIALS"));
  });

  it("signs an approved user in with an HttpOnly SameSite=Lax cookie and knows them on /api/auth/user", async () => {
    const u = await makeUser(t);
    const res = await login(u.email, u.password);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === "sid");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const me = await t.app.inject({ url: "/api/auth/user", headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: u.email, isAdmin: false });
    expect(me.json()).not.toHaveProperty("passwordHash");
  });

  it("answers /api/auth/user with 401 when signed out or with a made-up cookie", async () => {
    expect((await t.app.inject({ url: "/api/auth/user" })).statusCode).toBe(401);
    const forged = await t.app.inject({ url: "/api/auth/user", headers: { cookie: "sid=made-up" } });
    expect(forged.statusCode).toBe(401);
  });

  it("ends the session on logout, by POST and by GET", async () => {
    const u = await makeUser(t);
    const out = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: u.cookie } });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/auth/user", headers: { cookie: u.cookie } })).statusCode).toBe(401);

    const login2 = await login(u.email, u.password);
    const cookie = sessionCookie(login2);
    const viaGet = await t.app.inject({ url: "/api/logout", headers: { cookie } });
    expect(viaGet.statusCode).toBe(302);
    expect(viaGet.headers.location).toBe("/login");
    expect((await t.app.inject({ url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
  });

  it("redirects GET /api/login to the login page", async () => {
    const res = await t.app.inject({ url: "/api/login" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/login");
  });

  describe("GET /api/logout from another site", () => {
    const cases: [string, Record<string, string>][] = [
      ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
      ["Sec-Fetch-Site: same-site (a sibling subdomain)", { "sec-fetch-site": "same-site" }],
      ["an Origin of another host", { origin: "https://evil.example" }],
      ["an opaque Origin", { origin: "null" }],
      ["a Referer of another host", { referer: "https://evil.example/page" }],
      [
        "a same-origin claim contradicted by its Referer",
        { "sec-fetch-site": "same-origin", referer: "https://evil.example/page" },
      ],
    ];
    for (const [what, headers] of cases) {
      it(`goes home and keeps the session when it carries ${what}`, async () => {
        const u = await makeUser(t);
        const res = await t.app.inject({
          url: "/api/logout",
          headers: { host: "agentdesk.example", cookie: u.cookie, ...headers },
        });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe("/");
        expect(res.cookies).toHaveLength(0);
        expect((await t.app.inject({ url: "/api/auth/user", headers: { cookie: u.cookie } })).statusCode).toBe(200);
      });
    }
  });

  describe("GET /api/logout from our own pages", () => {
    const cases: [string, Record<string, string>][] = [
      [
        "the mobile menu's same-origin navigation",
        { "sec-fetch-site": "same-origin", referer: "https://agentdesk.example/dashboard" },
      ],
      ["a typed or bookmarked address (Sec-Fetch-Site: none)", { "sec-fetch-site": "none" }],
      ["an old browser's same-host Referer without Fetch Metadata", { referer: "https://agentdesk.example/agents" }],
    ];
    for (const [what, headers] of cases) {
      it(`signs out and goes to /login for ${what}`, async () => {
        const u = await makeUser(t);
        const res = await t.app.inject({
          url: "/api/logout",
          headers: { host: "agentdesk.example", cookie: u.cookie, ...headers },
        });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe("/login");
        expect((await t.app.inject({ url: "/api/auth/user", headers: { cookie: u.cookie } })).statusCode).toBe(401);
      });
    }
  });
});

describeEachEngine("HTTP hygiene", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it("answers malformed JSON with 400 and a message, not 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: '{"email": "a@b.c", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/i);
  });

  it("answers a body over 1 MiB with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      payload: { ...signupPayload(), address: "x".repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });

  it("refuses a cross-site POST by its Origin", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { origin: "https://evil.example", host: "localhost:5000" },
      payload: { email: "a@example.com", password: "x" },
    });
    expect(res.statusCode).toBe(403);
    const sameSite = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { origin: "http://localhost:5000", host: "localhost:5000" },
      payload: { email: "a@example.com", password: "x" },
    });
    expect(sameSite.statusCode).toBe(401);
  });

  it("answers an unknown /api path with a 404 JSON body", async () => {
    const res = await t.app.inject({ url: "/api/x" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.json().message).toMatch(/Not found/);
  });

  it("sends security headers and a request id", async () => {
    const res = await t.app.inject({ url: "/healthz" });
    expect(res.headers["content-security-policy"]).toMatch(/default-src 'self'/);
    expect(res.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBeTruthy();
    expect(res.headers["x-request-id"]).toBeTruthy();
  });

  it("reports ready when the database answers", async () => {
    const res = await t.app.inject({ url: "/readyz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ready", database: engine });
  });
});

describe("sessions survive a restart", () => {
  it("keeps a PGlite session across a server restart on the same data directory", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "agentdesk-restart-"));
    const db1 = await openDatabase({ dataDir });
    const first = await startTestApp("pglite", { database: db1, keepDatabase: true });
    const u = await makeUser(first);
    await first.close();
    await db1.close();

    const db2 = await openDatabase({ dataDir });
    const second = await startTestApp("pglite", { database: db2, keepDatabase: true });
    const me = await second.app.inject({ url: "/api/auth/user", headers: { cookie: u.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(u.email);
    await second.close();
    await db2.close();
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("keeps a PostgreSQL session across a server restart", async () => {
    const pgDb = await createTestPostgresDatabase();
    const db1 = await openDatabase({ url: pgDb.url });
    const first = await startTestApp("postgres", { database: db1, keepDatabase: true });
    const u = await makeUser(first);
    await first.close();
    await db1.close();
    const db2 = await openDatabase({ url: pgDb.url });
    const second = await startTestApp("postgres", { database: db2, keepDatabase: true });
    expect((await second.app.inject({ url: "/api/auth/user", headers: { cookie: u.cookie } })).statusCode).toBe(200);
    await second.close();
    await db2.close();
    await pgDb.drop();
  });
});
