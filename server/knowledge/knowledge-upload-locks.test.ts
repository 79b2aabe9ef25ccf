/**
 * An upload never holds a lock a chat needs while it stores its passages (issue 21: a 19.5 MB
 * upload delayed other chats of the company by seconds, waiting on the company row the upload
 * had locked). PostgreSQL only: PGlite has one connection, so there is no other session to
 * block. Ordered by events (a lock seen waiting in pg_locks), not by time.
 */
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAgent } from "../chat/chat-test-support.js";
import { users } from "../db/schema.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { startTestApp, type TestApp } from "../test-support/test-app.js";
import { RETURNS_POLICY, uploadFile } from "./knowledge-test-support.js";

describe.skipIf(!process.env.TEST_DATABASE_URL)("knowledge uploads and other sessions' locks [postgres]", () => {
  let t: TestApp;
  let user: MadeUser;

  beforeAll(async () => {
    t = await startTestApp("postgres");
    user = await makeUser(t, { companyName: "Busy Shop" });
  });
  afterAll(() => t.close());

  it("leaves the company row free while the upload's passages are being stored", async () => {
    const agentId = await makeAgent(t, user, { name: "Manual Reader" });
    const [{ companyId }] = await t.deps.db.db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.id, user.id));
    // Another session holds the passages table, so the upload stops mid-way, inside its transaction.
    const blocker = new pg.Client({ connectionString: t.deps.db.url });
    await blocker.connect();
    try {
      await blocker.query("begin");
      await blocker.query("lock table knowledge_chunks in share mode");
      const upload = uploadFile(t, user, agentId, { fileName: "policy.md", bytes: RETURNS_POLICY });
      await waitForLockWaitingOn("knowledge_chunks");

      // What a chat's write does: take the company row. It must not have to wait (nowait fails at once).
      const taken = await t.deps.db.db.transaction(async (tx) => {
        const result = await tx.execute(sql`select id from companies where id = ${companyId} for update nowait`);
        return (result as unknown as { rows: unknown[] }).rows.length;
      });
      expect(taken).toBe(1);

      await blocker.query("commit");
      expect((await upload).statusCode).toBe(201);
    } finally {
      await blocker.end();
    }
  });

  async function waitForLockWaitingOn(table: string): Promise<void> {
    for (;;) {
      const result = await t.deps.db.db.execute(
        sql`select count(*)::int as n from pg_locks where relation = ${table}::regclass and not granted`,
      );
      if ((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
});
