/**
 * Fresh planner statistics after a bulk upload (issue 21: "plans must not depend on autovacuum
 * having run"). An agent that outgrows what the planner believes it holds gets the knowledge
 * tables analysed by the upload that took it there, before that upload answers; a small one
 * does not pay for an ANALYZE. Both engines; the planner's belief is read from EXPLAIN.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { KnowledgeDocument } from "../../contracts/knowledge.js";
import { makeAgent } from "../chat/chat-test-support.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { pasteText } from "./knowledge-test-support.js";
import { plannedPassagesOf } from "./planner-statistics.js";

/** Passages written straight into a document, as a large manual's would be, with no ANALYZE. */
const BULK_PASSAGES = 3_000;

async function addPassagesWithoutAnalyse(t: TestApp, document: KnowledgeDocument, agentId: string): Promise<void> {
  await t.deps.db.db.execute(sql`
    insert into knowledge_chunks (document_id, agent_id, ordinal, content)
    select ${document.id}, ${agentId}, 1000 + g, 'Filter maintenance note ' || g || ' for the robot series ' || (g % 97)
      from generate_series(1, ${BULK_PASSAGES}) as g`);
  await t.deps.db.db.execute(
    sql`update knowledge_documents set chunk_count = chunk_count + ${BULK_PASSAGES} where id = ${document.id}`,
  );
}

async function reltuplesOfChunks(t: TestApp): Promise<number> {
  const result = await t.deps.db.db.execute(
    sql`select reltuples::float8 as n from pg_class where relname = 'knowledge_chunks'`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
}

describeEachEngine("planner statistics after a bulk upload", (engine) => {
  let t: TestApp;
  let owner: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    owner = await makeUser(t, { companyName: "Statistics Robotics" });
  });
  afterAll(() => t.close());

  // With fresh statistics the word search's estimated cost passes jit_above_cost; compiled, it took 3 s.
  it.skipIf(engine !== "postgres")("the app's PostgreSQL connections compile no statement (JIT off)", async () => {
    const shown = await t.deps.db.db.execute(sql`show jit`);
    expect((shown as unknown as { rows: { jit: string }[] }).rows[0].jit).toBe("off");
  });

  it("a small upload leaves the statistics alone", async () => {
    const agentId = await makeAgent(t, owner, { name: "Small Reader" });
    const before = await reltuplesOfChunks(t);
    const res = await pasteText(t, owner, agentId, "Opening hours", "We open at nine every weekday.");
    expect(res.statusCode, res.body).toBe(201);
    expect(await reltuplesOfChunks(t)).toBe(before);
  });

  it("the upload that takes an agent far past what the planner believes analyses the tables before it answers", async () => {
    const agentId = await makeAgent(t, owner, { name: "Manual Reader" });
    const first = await pasteText(t, owner, agentId, "Filters", "Clean the filter of every robot monthly.");
    expect(first.statusCode, first.body).toBe(201);
    await addPassagesWithoutAnalyse(t, first.json<KnowledgeDocument>(), agentId);
    // Stale: the planner has no idea the agent now holds thousands of passages.
    expect(await plannedPassagesOf(t.deps.db.db, agentId)).toBeLessThan(BULK_PASSAGES / 2);

    const next = await pasteText(
      t,
      owner,
      agentId,
      "Docks",
      "Every robot returns to its dock when its battery is low.",
    );
    expect(next.statusCode, next.body).toBe(201);
    expect(await plannedPassagesOf(t.deps.db.db, agentId)).toBeGreaterThan(BULK_PASSAGES / 2);
  });
});
