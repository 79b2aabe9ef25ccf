/**
 * Fresh planner statistics for knowledge after a bulk upload (issue 21: "plans must not depend on
 * autovacuum having run"). The word search narrows an agent's passages with the GIN index on
 * (agent_id, words) only when the planner knows the agent holds many passages; with statistics
 * taken before a manual was uploaded it believes the agent holds a handful and reads every one of
 * them instead (measured at 101,709 passages: p95 468 ms added to the answer). Autovacuum would
 * fix this a minute later where it runs; it is off on this machine's PostgreSQL and cannot be
 * counted on anywhere, so the app analyses the tables itself when the planner's belief about
 * an agent has fallen far behind what the agent holds.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";

/**
 * The planner's estimate may trail the agent's real passages by this factor, plus the slack
 * below, before the tables are analysed again: a plan chosen for 1,000 rows is still right for
 * 2,000, and each ANALYZE (a 30,000-row sample per table) costs tens of milliseconds to a second.
 * Doubling keeps the analyses of an agent filled from empty to 200,000 passages to about eight.
 */
const STALE_FACTOR = 2;
const STALE_SLACK_PASSAGES = 1_000;

/** One analysis at a time per database: two uploads finishing together need only one. */
const analysing = new WeakMap<Db, Promise<boolean>>();

/**
 * Analyses the knowledge tables when the planner believes the agent holds fewer than half the
 * `passages` it holds (less the slack). Resolves to whether it analysed. Never throws: stale
 * statistics make searches slower, not wrong, so an upload never fails for them.
 */
export async function refreshStaleKnowledgeStatistics(db: Db, agentId: string, passages: number): Promise<boolean> {
  if (passages <= STALE_SLACK_PASSAGES) return false;
  try {
    const believed = await plannedPassagesOf(db, agentId);
    if (passages <= believed * STALE_FACTOR + STALE_SLACK_PASSAGES) return false;
    let running = analysing.get(db);
    if (!running) {
      running = analyseKnowledge(db).finally(() => analysing.delete(db));
      analysing.set(db, running);
    }
    return await running;
  } catch {
    return false;
  }
}

/** How many passages the planner expects `agent_id = $1` to select: its own estimate, from EXPLAIN. */
export async function plannedPassagesOf(db: Db, agentId: string): Promise<number> {
  const result = await db.execute(
    sql`explain (format json) select 1 from knowledge_chunks where agent_id = ${agentId}`,
  );
  const [row] = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const plan = Object.values(row ?? {})[0];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as Array<{ Plan: { "Plan Rows": number } }>;
  return parsed[0]?.Plan["Plan Rows"] ?? 0;
}

async function analyseKnowledge(db: Db): Promise<boolean> {
  await db.execute(sql`analyze knowledge_chunks, knowledge_terms, knowledge_documents`);
  return true;
}
