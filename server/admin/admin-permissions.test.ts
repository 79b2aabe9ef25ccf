import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { errorReports, users } from "../db/schema.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { insertConversation, insertVoiceAudio } from "./admin-fixtures.js";

type Method = "GET" | "POST" | "PATCH";
interface AdminCall {
  method: Method;
  url: string;
  payload?: Record<string, unknown>;
}

describeEachEngine("admin permissions", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  let ordinary: MadeUser;
  let calls: AdminCall[];

  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await makeOwner(t);
    ordinary = await makeUser(t, { admin: false });
    const pending = await makeUser(t, { status: "pending", admin: false });
    const text = await insertConversation(t.deps.db.db, { userId: ordinary.id });
    const voice = await insertConversation(t.deps.db.db, { userId: ordinary.id, kind: "voice" });
    const audio = await insertVoiceAudio(t.deps.db.db, voice, Buffer.from("RIFF....WAVE"));
    const [report] = await t.deps.db.db
      .insert(errorReports)
      .values({ userId: ordinary.id, errorType: "bug", severity: "low", message: "Broken" })
      .returning();
    // Reset-all comes last: it wipes what the other calls read.
    calls = [
      { method: "GET", url: "/api/admin/stats" },
      { method: "GET", url: "/api/admin/users?search=&page=1" },
      { method: "GET", url: `/api/admin/users/${pending.id}` },
      { method: "POST", url: `/api/admin/users/${pending.id}/approve`, payload: { approved: true } },
      {
        method: "POST",
        url: `/api/admin/users/${ordinary.id}/reset-password`,
        payload: { newPassword: "another-secret" },
      },
      { method: "GET", url: "/api/admin/companies" },
      { method: "GET", url: "/api/admin/conversations" },
      { method: "GET", url: `/api/admin/conversation/${text}` },
      { method: "GET", url: `/api/admin/conversation/${text}/messages` },
      { method: "GET", url: "/api/admin/voice-conversations" },
      { method: "GET", url: `/api/admin/voice-conversations/${voice}/messages` },
      { method: "GET", url: `/api/admin/voice-audio/${audio}` },
      { method: "GET", url: "/api/admin/error-reports?filter=all" },
      { method: "PATCH", url: `/api/admin/error-reports/${report.id}/resolve` },
      { method: "POST", url: "/api/admin/reset-all", payload: { confirm: "RESET" } },
    ];
  });
  afterAll(() => t.close());

  const call = (c: AdminCall, cookie?: string) =>
    t.app.inject({ method: c.method, url: c.url, payload: c.payload, headers: cookie ? { cookie } : {} });

  it("answers every admin route with 401 when signed out", async () => {
    for (const c of calls) expect({ ...c, status: (await call(c)).statusCode }).toEqual({ ...c, status: 401 });
  });

  it("answers every admin route with 401 for a bogus session cookie", async () => {
    for (const c of calls)
      expect({ ...c, status: (await call(c, "sid=forged")).statusCode }).toEqual({ ...c, status: 401 });
  });

  it("answers every admin route with 403 and 'Admin access required' for an ordinary user, changing nothing", async () => {
    for (const c of calls) {
      const res = await call(c, ordinary.cookie);
      expect({ ...c, status: res.statusCode }).toEqual({ ...c, status: 403 });
      expect(res.json().message).toBe("Admin access required");
    }
    const [pendingStill] = await t.deps.db.db.select().from(users).where(eq(users.approvalStatus, "pending"));
    expect(pendingStill).toBeDefined();
    expect(await t.deps.db.db.select().from(errorReports).where(eq(errorReports.resolved, false))).toHaveLength(1);
  });

  it("answers 401 to an admin whose approval was revoked after signing in, and to a denied one", async () => {
    const revoked = await makeUser(t, { admin: true });
    await t.deps.db.db.update(users).set({ approvalStatus: "pending" }).where(eq(users.id, revoked.id));
    const denied = await makeUser(t, { admin: true });
    await t.deps.db.db.update(users).set({ approvalStatus: "denied" }).where(eq(users.id, denied.id));
    for (const c of calls) {
      expect({ ...c, status: (await call(c, revoked.cookie)).statusCode }).toEqual({ ...c, status: 401 });
      expect({ ...c, status: (await call(c, denied.cookie)).statusCode }).toEqual({ ...c, status: 401 });
    }
  });

  it("answers every admin route with a 2xx for an admin", async () => {
    for (const c of calls) {
      const res = await call(c, admin.cookie);
      expect({ ...c, status: res.statusCode, ok: res.statusCode >= 200 && res.statusCode < 300 }).toMatchObject({
        ...c,
        ok: true,
      });
    }
  });
});
