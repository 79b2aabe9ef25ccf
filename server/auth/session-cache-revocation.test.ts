/**
 * The session cache on one instance: a session the cache holds is refused on the very next
 * request once it ends through the app (sign-out, denial, password reset, system reset), and
 * one user's cookie never finds another's entry. The cache's time runs on the test's clock.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sessions } from "../db/schema.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, sessionCookie, startTestApp, type TestApp } from "../test-support/test-app.js";
import { SESSION_CACHE_DEFAULTS } from "./session-cache.js";
import { findSessionByHash, hashSessionId } from "./sessions.js";

describeEachEngine("session cache", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await makeOwner(t);
  });
  afterAll(() => t.close());

  const whoAmI = (cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
  const asAdmin = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, payload, headers: { cookie: admin.cookie } });
  const signIn = async (user: MadeUser) =>
    sessionCookie(
      await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: user.email, password: user.password },
      }),
    );
  /** Ends a session behind the app's back, as plain SQL would: no event tells the cache. */
  const deleteSessionRow = (cookie: string) =>
    t.deps.db.db
      .delete(sessions)
      .where(eq(sessions.idHash, hashSessionId(t.config.sessionSecret, cookie.replace(/^sid=/, ""))));

  /** Puts the session in the cache, and shows that it is there: its row can go and it still answers. */
  async function expectCached(cookie: string) {
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    const spare = await makeUser(t, { admin: false });
    await deleteSessionRow(spare.cookie);
    expect((await whoAmI(spare.cookie)).statusCode).toBe(401); // never seen: the database decides
    expect((await whoAmI(cookie)).statusCode).toBe(200);
  }

  it("serves a session from the cache for its time-to-live, then asks the database again", async () => {
    const user = await makeUser(t, { admin: false });
    expect((await whoAmI(user.cookie)).statusCode).toBe(200);
    await deleteSessionRow(user.cookie);
    expect((await whoAmI(user.cookie)).statusCode).toBe(200);
    t.clock.advance(SESSION_CACHE_DEFAULTS.ttlMs);
    expect((await whoAmI(user.cookie)).statusCode).toBe(401);
  });

  it("refuses a cached session on the next request after signing out", async () => {
    const user = await makeUser(t, { admin: false });
    await expectCached(user.cookie);
    const out = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: user.cookie } });
    expect(out.statusCode).toBe(200);
    expect((await whoAmI(user.cookie)).statusCode).toBe(401);
  });

  it("refuses a cached session on the next request after its user is denied", async () => {
    const user = await makeUser(t, { admin: false });
    await expectCached(user.cookie);
    expect((await asAdmin(`/api/admin/users/${user.id}/approve`, { approved: false })).statusCode).toBe(200);
    expect((await whoAmI(user.cookie)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/agents", headers: { cookie: user.cookie } })).statusCode,
    ).toBe(401);
  });

  it("refuses every cached session of a user after a password reset", async () => {
    const user = await makeUser(t, { admin: false });
    const laptop = await signIn(user);
    await expectCached(user.cookie);
    await expectCached(laptop);
    const reset = await asAdmin(`/api/admin/users/${user.id}/reset-password`, { newPassword: "new-secret" });
    expect(reset.statusCode).toBe(200);
    expect((await whoAmI(user.cookie)).statusCode).toBe(401);
    expect((await whoAmI(laptop)).statusCode).toBe(401);
  });

  it("keeps the admin's own session, and only that one, when the admin resets their own password", async () => {
    const second = await makeUser(t, { admin: true });
    const otherDevice = await signIn(second);
    await expectCached(second.cookie);
    await expectCached(otherDevice);
    const reset = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${second.id}/reset-password`,
      payload: { newPassword: "new-secret" },
      headers: { cookie: second.cookie },
    });
    expect(reset.statusCode).toBe(200);
    expect((await whoAmI(second.cookie)).statusCode).toBe(200);
    expect((await whoAmI(otherDevice)).statusCode).toBe(401);
  });

  it("answers each of many interleaved sessions with its own user", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => makeUser(t, { admin: false })));
    const requests = Array.from({ length: 60 }, (_, i) => users[i % users.length]);
    const answers = await Promise.all(requests.map((user) => whoAmI(user.cookie)));
    answers.forEach((res, i) => expect(res.json<{ id: string }>().id).toBe(requests[i].id));
  });

  it("looks a session up without reading the password hash", async () => {
    const user = await makeUser(t, { admin: false });
    const hash = hashSessionId(t.config.sessionSecret, user.cookie.replace(/^sid=/, ""));
    const found = await findSessionByHash(t.deps.db.db, hash, t.clock.now());
    expect(found?.user.id).toBe(user.id);
    expect(found?.user).not.toHaveProperty("passwordHash");
  });
});

describeEachEngine("session cache and the system reset", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it("refuses every cached session but the resetting admin's after a reset of the whole system", async () => {
    const admin = await makeOwner(t);
    const user = await makeUser(t, { admin: false });
    const whoAmI = (cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect((await whoAmI(user.cookie)).statusCode).toBe(200);
    expect((await whoAmI(admin.cookie)).statusCode).toBe(200);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/admin/reset-all",
      payload: { confirm: "RESET" },
      headers: { cookie: admin.cookie },
    });
    expect(reset.statusCode).toBe(200);
    expect((await whoAmI(user.cookie)).statusCode).toBe(401);
    expect((await whoAmI(admin.cookie)).statusCode).toBe(200);
  });
});
