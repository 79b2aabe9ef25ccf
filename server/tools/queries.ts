/** Plain (db, params) queries for agents' tools and the tool policy. */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { agents, users } from "../db/schema.js";
import { auditLog } from "../db/schema-records.js";
import { agentTools, toolPolicy } from "../db/schema-tools.js";

export type AgentToolRow = typeof agentTools.$inferSelect;
export type NewAgentToolRow = typeof agentTools.$inferInsert;
export type ToolPolicyRow = typeof toolPolicy.$inferSelect;

export function listAgentToolRows(db: Db, agentId: string): Promise<AgentToolRow[]> {
  return db.select().from(agentTools).where(eq(agentTools.agentId, agentId)).orderBy(asc(agentTools.createdAt));
}

export async function findAgentToolRow(db: Db, agentId: string, toolId: string): Promise<AgentToolRow | null> {
  const [row] = await db
    .select()
    .from(agentTools)
    .where(and(eq(agentTools.agentId, agentId), eq(agentTools.id, toolId)))
    .limit(1);
  return row ?? null;
}

export async function countAgentTools(db: Db, agentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(agentTools)
    .where(eq(agentTools.agentId, agentId));
  return row?.n ?? 0;
}

export async function insertAgentToolRow(db: Db, values: NewAgentToolRow): Promise<AgentToolRow> {
  const [row] = await db.insert(agentTools).values(values).returning();
  return row;
}

export async function updateAgentToolRow(
  db: Db,
  toolId: string,
  values: Partial<NewAgentToolRow>,
): Promise<AgentToolRow> {
  const [row] = await db.update(agentTools).set(values).where(eq(agentTools.id, toolId)).returning();
  return row;
}

export async function deleteAgentToolRow(db: Db, toolId: string): Promise<void> {
  await db.delete(agentTools).where(eq(agentTools.id, toolId));
}

/**
 * The agent's owner and company, if the user may see it: their own, or shared with the
 * company they belong to (the rule of agents/queries.ts findAgentVisibleTo).
 */
export async function findAgentForTools(
  db: Db,
  userId: string,
  agentId: string,
): Promise<{ ownerId: string; companyId: string | null } | null> {
  const [row] = await db
    .select({ ownerId: agents.userId, companyId: users.companyId })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .where(
      and(
        eq(agents.id, agentId),
        sql`(${agents.userId} = ${userId} or (${agents.visibility} = 'company'
          and ${users.companyId} = (select viewer.company_id from users viewer where viewer.id = ${userId})))`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertToolAudit(
  db: Db,
  actor: { id: string; email: string },
  action:
    | "agent_tool.create"
    | "agent_tool.update"
    | "agent_tool.delete"
    | "agent_tool.import"
    | "tool_policy.update"
    | "tool_call.approve"
    | "tool_call.deny",
  target: { type: string; id: string },
  at: Date,
  detail: Record<string, unknown>,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    targetType: target.type,
    targetId: target.id,
    detail,
    createdAt: at,
  });
}

export async function readToolPolicyRow(db: Db): Promise<ToolPolicyRow | null> {
  const [row] = await db.select().from(toolPolicy).where(eq(toolPolicy.id, 1));
  return row ?? null;
}

export async function writeToolPolicyRow(
  db: Db,
  values: Omit<typeof toolPolicy.$inferInsert, "id">,
): Promise<ToolPolicyRow> {
  const [row] = await db
    .insert(toolPolicy)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: toolPolicy.id, set: values })
    .returning();
  return row;
}
