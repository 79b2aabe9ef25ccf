import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ErrorReport } from "../../contracts/reports.js";
import { errorReports } from "../db/schema-records.js";
import type { AdminEvent } from "../realtime/event-bus.js";
import { makeAdminAndAcme, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { auditRows } from "../test-support/inserted-records.js";

describeEachEngine("error reports, as an admin reviews them", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  let alice: MadeUser;
  let bob: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    // Alice signed up first: she is the company's first user.
    ({ admin, alice, bob } = await makeAdminAndAcme(t));
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie: admin.cookie } });

  describe("error reports", () => {
    const events: AdminEvent[] = [];
    let oldId: string;
    let newId: string;

    beforeAll(async () => {
      t.deps.bus.subscribe((e) => events.push(e));
      const rows = await t.deps.db.db
        .insert(errorReports)
        .values([
          {
            userId: alice.id,
            errorType: "bug",
            severity: "low",
            message: "Old bug",
            createdAt: new Date("2026-05-01T00:00:00Z"),
          },
          {
            userId: bob.id,
            errorType: "crash",
            severity: "critical",
            message: "New crash",
            createdAt: new Date("2026-05-02T00:00:00Z"),
          },
        ])
        .returning();
      [oldId, newId] = rows.map((r) => r.id);
    });

    const list = async (query: string) => (await get(`/api/admin/error-reports${query}`)).json<ErrorReport[]>();
    const resolve = (id: string) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/admin/error-reports/${id}/resolve`,
        headers: { cookie: admin.cookie },
      });

    it("lists unresolved reports by default, newest first, with the reporter", async () => {
      const reports = await list("");
      expect(reports.map((r) => r.message)).toEqual(["New crash", "Old bug"]);
      expect(reports[0]).toMatchObject({
        userEmail: bob.email,
        userName: "Bob Baker",
        severity: "critical",
        resolved: false,
      });
      expect(await list("?filter=unresolved")).toEqual(reports);
    });

    it("refuses an unknown filter with 400 and a readable message", async () => {
      const res = await get("/api/admin/error-reports?filter=open");
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch("filter must be unresolved, resolved or all");
    });

    it("resolves a report once, recording who and when; then filters put it where it belongs", async () => {
      events.length = 0;
      const res = await resolve(oldId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: oldId,
        resolved: true,
        resolvedBy: admin.id,
        resolvedAt: t.clock.now().toISOString(),
      });
      expect((await resolve(oldId)).statusCode).toBe(409);
      expect((await list("?filter=unresolved")).map((r) => r.id)).toEqual([newId]);
      expect((await list("?filter=resolved")).map((r) => r.id)).toEqual([oldId]);
      expect((await list("?filter=all")).map((r) => r.id)).toEqual([newId, oldId]);
      expect((await auditRows(t.deps.db.db, "error_report.resolve")).map((r) => [r.actorId, r.targetId])).toEqual([
        [admin.id, oldId],
      ]);
      // Through LISTEN/NOTIFY on PostgreSQL the event arrives a moment after the answer.
      await vi.waitFor(() => expect(events).toContainEqual({ type: "stats_changed" }), {
        timeout: 10_000,
        interval: 20,
      });
    });

    it("answers 404 for a report that does not exist", async () => {
      expect((await resolve("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
      expect((await resolve("nope")).statusCode).toBe(404);
    });

    it("counts users and unresolved reports in the stats", async () => {
      const stats = (await get("/api/admin/stats")).json();
      expect(stats).toEqual({ totalUsers: 3, adminUsers: 1, pendingUsers: 0, unresolvedErrors: 1, criticalErrors: 1 });
    });
  });
});
