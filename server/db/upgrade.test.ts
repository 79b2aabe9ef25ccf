/**
 * Upgrades: each database a past release wrote (server/db/fixtures/upgrade-from-<tag>) is
 * loaded at exactly the migration it was written at, opened by today's openDatabase (which
 * applies every newer migration), and must still answer through the API as it did then.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { createTestPostgresDatabase } from "../test-support/postgres-database.js";
import { appliedMigrationTag, latestMigrationTag, migrateUpTo } from "./backup-migrations.js";
import { countTableRows } from "./backup-queries.js";
import { connectRaw, type BackupTarget, type SqlSession } from "./backup-session.js";
import { openDatabase, type Database } from "./connect.js";
import { inShapeOf, readUpgradeFixtures, recordAnswer } from "./fixtures/upgrade-fixture.js";

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
async function rowsOf<T>(database: Database, query: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

/** The app's own connection as a SqlSession for parameterless catalogue reads (PGlite admits one opener). */
function catalogueReads(database: Database): SqlSession {
  return {
    query: async <T>(text: string, params?: unknown[]) => {
      if (params?.length) throw new Error("catalogueReads takes no parameters");
      return rowsOf<T>(database, text);
    },
    exec: async (text) => void (await rowsOf(database, text)),
  };
}

describeEachEngine("a database written by an earlier release", (engine) => {
  for (const fixture of readUpgradeFixtures()) {
    describe(`written at ${fixture.expected.migration}`, () => {
      const expected = fixture.expected;
      let t: TestApp;
      let database: Database;
      let removeTarget: () => Promise<void>;
      const countsAfterUpgrade: Record<string, number> = {};
      let migrationBeforeUpgrade: string | null = null;
      let migrationAfterUpgrade: string | null = null;

      beforeAll(async () => {
        let target: BackupTarget;
        if (engine === "pglite") {
          const dataDir = mkdtempSync(join(tmpdir(), "agentdesk-upgrade-"));
          target = { dataDir };
          removeTarget = async () => rmSync(dataDir, { recursive: true, force: true });
        } else {
          const pg = await createTestPostgresDatabase();
          target = { url: pg.url };
          removeTarget = pg.drop;
        }
        const release = await connectRaw(target);
        await migrateUpTo(release, expected.migration);
        await release.session.exec(fixture.rowsSql);
        migrationBeforeUpgrade = await appliedMigrationTag(release.session);
        await release.close();

        // The upgrade itself: today's start-up path opens the release's database.
        database = await openDatabase(target);
        const upgraded = catalogueReads(database);
        for (const table of Object.keys(expected.rowCounts)) {
          countsAfterUpgrade[table] = await countTableRows(upgraded, table);
        }
        migrationAfterUpgrade = await appliedMigrationTag(upgraded);
        t = await startTestApp(engine, { database, env: { SESSION_SECRET: expected.sessionSecret } });
      }, 180_000); // two PGlite start-ups and a load: minutes on a saturated machine, seconds otherwise
      afterAll(async () => {
        await t?.close();
        await database?.close();
        await removeTarget?.();
      });

      it("keeps every row of every table through the migrations that came after", () => {
        const { agent_templates: templates, ...rest } = countsAfterUpgrade;
        const { agent_templates: templatesBefore, ...restBefore } = expected.rowCounts;
        expect(rest).toEqual(restBefore);
        // The catalogue is upserted at start-up: templates may be added, never lost.
        expect(templates).toBeGreaterThanOrEqual(templatesBefore);
        expect(migrationBeforeUpgrade).toBe(expected.migration);
        expect(migrationAfterUpgrade).toBe(latestMigrationTag());
      });

      it("keeps a session signed in at the release", async () => {
        const res = await t.app.inject({ url: "/api/auth/user", headers: { cookie: expected.liveSession.cookie } });
        expect(res.statusCode).toBe(200);
        expect(res.json().email).toBe(expected.liveSession.email);
      });

      const cookies = new Map<string, string>([[expected.liveSession.email, expected.liveSession.cookie]]);
      async function cookieOf(email: string): Promise<string> {
        const known = cookies.get(email);
        if (known) return known;
        const account = expected.accounts.find((a) => a.email === email);
        const res = await t.app.inject({
          method: "POST",
          url: "/api/login",
          payload: { email, password: account?.password },
        });
        expect(res.statusCode, `sign-in of ${email}: ${res.body}`).toBe(200);
        const sid = res.cookies.find((c) => c.name === "sid");
        cookies.set(email, `sid=${sid?.value}`);
        return `sid=${sid?.value}`;
      }

      it("signs approved accounts in with their old passwords and refuses pending and denied ones as before", async () => {
        for (const account of expected.accounts.filter((a) => a.status === "approved")) {
          const res = await t.app.inject({
            method: "POST",
            url: "/api/login",
            payload: { email: account.email, password: account.password },
          });
          expect(res.statusCode, account.email).toBe(200);
          expect(res.json()).toMatchObject({
            email: account.email,
            isAdmin: account.isAdmin,
            approvalStatus: "approved",
          });
        }
        for (const login of expected.logins) {
          const account = expected.accounts.find((a) => a.email === login.email);
          const res = await t.app.inject({
            method: "POST",
            url: "/api/login",
            payload: { email: login.email, password: account?.password },
          });
          expect({ status: res.statusCode, body: inShapeOf(login.body, recordAnswer(res)) }, login.email).toEqual({
            status: login.status,
            body: login.body,
          });
        }
      });

      it("answers every read the release answered (agents, conversations, voice audio, admin screens) the same", async () => {
        expect(expected.reads.length).toBeGreaterThan(30);
        for (const read of expected.reads) {
          const res = await t.app.inject({ url: read.url, headers: { cookie: await cookieOf(read.as) } });
          const body = inShapeOf(read.body, recordAnswer(res));
          expect({ status: res.statusCode, body }, `${read.as} GET ${read.url}`).toEqual({
            status: read.status,
            body: read.body,
          });
        }
      });

      it("keeps the audit log append-only", async () => {
        await expect(database.db.execute(sql`update audit_log set action = 'tampered'`)).rejects.toThrow();
        const [row] = await rowsOf<{ n: number }>(
          database,
          "select count(*)::int as n from audit_log where action = 'tampered'",
        );
        expect(row.n).toBe(0);
      });
    });
  }
});
