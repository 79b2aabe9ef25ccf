/** Plain (db, params) queries for the record of tool calls (tool_calls, issue 24). */
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { TOOL_CALL_OUTCOMES_THAT_RAN } from "../../contracts/tool-calls.js";
import type { Db } from "../db/connect.js";
import { conversations, users } from "../db/schema.js";
import { toolCalls } from "../db/schema-tools.js";

export type ToolCallRow = typeof toolCalls.$inferSelect;
export type NewToolCallRow = typeof toolCalls.$inferInsert;
export type ToolCallOutcome = "awaiting_approval" | "running" | "ok" | "failed" | "denied" | "withheld" | "refused";

/** Outcomes of calls that reached their tool: what the per-company daily cap counts (decision 148). */
const CALLS_THAT_RAN: ToolCallOutcome[] = [...TOOL_CALL_OUTCOMES_THAT_RAN];

export async function insertToolCalls(db: Db, rows: NewToolCallRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(toolCalls).values(rows);
}

export async function finishToolCall(
  db: Db,
  id: string,
  values: { outcome: ToolCallOutcome; resultSummary: string; durationMs: number | null },
): Promise<void> {
  await db.update(toolCalls).set(values).where(eq(toolCalls.id, id));
}

/** Marks a waiting call decided; false when it was not waiting any more (decided, or its turn gone). */
export async function decideToolCallRow(
  db: Db,
  id: string,
  values: { outcome: "running" | "denied"; decidedBy: string; decidedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(toolCalls)
    .set(values)
    .where(and(eq(toolCalls.id, id), eq(toolCalls.outcome, "awaiting_approval")))
    .returning({ id: toolCalls.id });
  return rows.length > 0;
}

/** The call, when it belongs to a conversation of this person (others' calls are as unknown as missing ones). */
export async function findToolCallOfUser(
  db: Db,
  userId: string,
  conversationId: string,
  callId: string,
): Promise<ToolCallRow | null> {
  const [row] = await db
    .select({ call: toolCalls })
    .from(toolCalls)
    .innerJoin(conversations, eq(conversations.id, toolCalls.conversationId))
    .where(
      and(eq(toolCalls.id, callId), eq(toolCalls.conversationId, conversationId), eq(conversations.userId, userId)),
    )
    .limit(1);
  return row?.call ?? null;
}

/** A recorded call with the name of whoever approved or denied it. */
export type ToolCallRecord = ToolCallRow & { decidedByName: string | null };

export async function listToolCallsOfConversation(db: Db, conversationId: string): Promise<ToolCallRecord[]> {
  const rows = await db
    .select({ call: toolCalls, decidedByName: users.fullName })
    .from(toolCalls)
    .leftJoin(users, eq(users.id, toolCalls.decidedBy))
    .where(eq(toolCalls.conversationId, conversationId))
    .orderBy(asc(toolCalls.createdAt), asc(toolCalls.id));
  return rows.map((row) => ({ ...row.call, decidedByName: row.decidedByName }));
}

export async function countCompanyToolCallsSince(db: Db, companyId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(toolCalls)
    .where(
      and(
        eq(toolCalls.companyId, companyId),
        gte(toolCalls.createdAt, since),
        inArray(toolCalls.outcome, CALLS_THAT_RAN),
      ),
    );
  return row?.n ?? 0;
}
