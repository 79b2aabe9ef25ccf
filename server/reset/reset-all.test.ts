import { errorBody } from "../../contracts/errors.js";
import { count } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { createAdmin } from "../auth/service.js";
import { agents, companyWarnings, conversations, messages, sessions, users, voiceAudio } from "../db/schema.js";
import { auditLog, errorReports } from "../db/schema-records.js";
import { makeOwner, makeUser, signupPayload, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import {
  auditRows,
  insertAgent,
  insertCompanyWarning,
  insertConversation,
  insertVoiceAudio,
} from "../test-support/inserted-records.js";

describeEachEngine("system reset", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  let otherAdmin: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await makeOwner(t);
    otherAdmin = await makeUser(t, { admin: true });
    const alice = await makeUser(t, { admin: false });
    await makeUser(t, { status: "pending", admin: false });
    const db = t.deps.db.db;
    await insertAgent(db, alice.id);
    await insertAgent(db, admin.id);
    await insertConversation(db, { userId: alice.id });
    const voice = await insertConversation(db, { userId: alice.id, kind: "voice" });
    await insertVoiceAudio(db, voice, Buffer.from("RIFF"));
    await insertCompanyWarning(db, "acme corp", "Ava");
    await db.insert(errorReports).values({ userId: alice.id, errorType: "bug", severity: "high", message: "Broken" });
    // Something already in the audit log, which must survive.
    await t.app.inject({
      method: "GET",
      url: `/api/admin/conversation/${voice}/messages`,
      headers: { cookie: admin.cookie },
    });
  });
  afterAll(() => t.close());

  const reset = (payload: unknown, cookie = admin.cookie) =>
    t.app.inject({ method: "POST", url: "/api/admin/reset-all", payload: payload as object, headers: { cookie } });
  const countOf = async (table: Parameters<ReturnType<TestApp["deps"]["db"]["db"]["select"]>["from"]>[0]) =>
    (await t.deps.db.db.select({ n: count() }).from(table))[0].n;

  it("refuses anything but { confirm: 'RESET' } with 400, wiping nothing", async () => {
    for (const payload of [undefined, {}, { confirm: "reset" }, { confirm: true }, ["RESET"]]) {
      const res = await reset(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/RESET/);
    }
    expect(await countOf(users)).toBe(4);
  });

  it("wipes agents, conversations, messages, audio, reports, warnings and every other user, keeping the asking admin and the audit log", async () => {
    const auditBefore = await countOf(auditLog);
    const res = await reset({ confirm: "RESET" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: { agents: 2, conversations: 2, users: 3 } });
    for (const table of [agents, conversations, messages, voiceAudio, companyWarnings, errorReports]) {
      expect(await countOf(table)).toBe(0);
    }
    const left = await t.deps.db.db.select({ id: users.id }).from(users);
    expect(left).toEqual([{ id: admin.id }]);
    expect(
      (await t.deps.db.db.select({ userId: sessions.userId }).from(sessions)).every((s) => s.userId === admin.id),
    ).toBe(true);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: otherAdmin.cookie } })).statusCode,
    ).toBe(401);
    expect(await countOf(auditLog)).toBe(auditBefore + 1);
    const [row] = await auditRows(t.deps.db.db, "system.reset_all");
    expect(row).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      detail: { agents: 2, conversations: 2, users: 3, messages: 4 },
    });
  });

  it("leaves the audit log append-only: the database refuses to delete from it", async () => {
    await expect(t.deps.db.db.delete(auditLog)).rejects.toThrow();
  });

  it("answers zero counts when run again on an empty system", async () => {
    expect((await reset({ confirm: "RESET" })).json()).toEqual({ deleted: { agents: 0, conversations: 0, users: 0 } });
  });
});

describeEachEngine("system resets at once", (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(engine);
  });
  afterEach(() => t.close());

  const reset = (cookie: string) =>
    t.app.inject({ method: "POST", url: "/api/admin/reset-all", payload: { confirm: "RESET" }, headers: { cookie } });
  const signUp = async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/signup", payload: signupPayload() });
    expect(res.statusCode).toBe(201);
    return res.json().user as { isAdmin: boolean; approvalStatus: string };
  };

  // PostgreSQL runs the two on two connections at once, where the old reset let each delete the
  // other; PGlite runs them one after the other. Both must end as serial resets do.
  it("two admins resetting at the same moment end as serial resets: one wins and survives, the other is refused", async () => {
    let survivor = await makeOwner(t);
    for (let round = 0; round < 5; round++) {
      const rival = await makeUser(t, { admin: true });
      const [first, second] = await Promise.all([reset(survivor.cookie), reset(rival.cookie)]);
      const outcomes = [
        { admin: survivor, res: first },
        { admin: rival, res: second },
      ];
      const won = outcomes.filter((o) => o.res.statusCode === 200);
      const refused = outcomes.filter((o) => o.res.statusCode !== 200);
      expect(
        won,
        `round ${round}: ${first.statusCode} ${first.body} / ${second.statusCode} ${second.body}`,
      ).toHaveLength(1);
      // The loser is refused as a serial reset would refuse it, by when it reached the server: its
      // session already gone with the winner's reset (401; on a loaded machine the second request
      // can arrive that late), or signed in then and gone by the time its reset ran (409).
      expect(refused).toHaveLength(1);
      expect([
        [409, errorBody("RESET_CALLER_GONE")],
        [401, errorBody("UNAUTHORIZED")],
      ]).toContainEqual([refused[0].res.statusCode, refused[0].res.json()]);
      const left = await t.deps.db.db
        .select({ id: users.id, isAdmin: users.isAdmin, approvalStatus: users.approvalStatus })
        .from(users);
      expect(left).toEqual([{ id: won[0].admin.id, isAdmin: true, approvalStatus: "approved" }]);
      const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: won[0].admin.cookie } });
      expect(me.statusCode).toBe(200);
      survivor = won[0].admin;
    }
    expect(await signUp()).toMatchObject({ isAdmin: false, approvalStatus: "pending" });
  });

  it("keeps a sign-up after a reset pending, not the administrator", async () => {
    const owner = await makeOwner(t);
    expect((await reset(owner.cookie)).statusCode).toBe(200);
    expect(await signUp()).toMatchObject({ isAdmin: false, approvalStatus: "pending" });
  });

  it("never makes a sign-up the owner of an instance that has had one, even with no users left", async () => {
    await makeOwner(t);
    await t.deps.db.db.delete(users);
    expect(await signUp()).toMatchObject({ isAdmin: false, approvalStatus: "pending" });
  });

  it("counts an administrator made by admin:create as the instance's owner", async () => {
    const admin = await createAdmin(
      { db: t.deps.db.db, clock: t.clock, bus: t.deps.bus, sessionSecret: t.config.sessionSecret },
      "root@example.com",
      "secret123",
    );
    expect(admin).toMatchObject({ isAdmin: true, approvalStatus: "approved" });
    await t.deps.db.db.delete(users);
    expect(await signUp()).toMatchObject({ isAdmin: false, approvalStatus: "pending" });
  });
});
