/** Plain (db, params) queries for agents. */
import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { agentTemplates, agents, users } from "../db/schema.js";
import { knowledgeDocuments } from "../db/schema-knowledge.js";
import type { AgentRow } from "./agent-view.js";

/**
 * The hand-written statements' test for "the user may talk to this agent" (`alias` names an
 * agents row): they own it, or it is shared and its owner is of the user's company.
 */
export function agentVisibleToSql(alias: string, userId: unknown): SQL {
  const a = sql.raw(alias);
  return sql`(${a}.user_id = ${userId} or (${a}.visibility = 'company' and exists (
      select 1 from users agent_owner, users viewer
      where agent_owner.id = ${a}.user_id and viewer.id = ${userId} and agent_owner.company_id = viewer.company_id)))`;
}

/**
 * The agents a user may see: their own, and the agents a colleague (same company) shared with
 * the company. Each comes with its owner's name. Named once per database: the agent list is a
 * hot read, planned once per connection (PGlite ignores the name).
 */
function prepareVisibleAgentList(db: Db) {
  return db
    .select({ agent: agents, ownerName: users.fullName })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .where(
      or(
        eq(agents.userId, sql.placeholder("userId")),
        and(
          eq(agents.visibility, "company"),
          sql`${users.companyId} = (select viewer.company_id from users viewer where viewer.id = ${sql.placeholder("userId")})`,
        ),
      ),
    )
    .orderBy(desc(agents.createdAt))
    .prepare("agents_visible_to_user");
}
const agentLists = new WeakMap<Db, ReturnType<typeof prepareVisibleAgentList>>();

export interface VisibleAgentRow {
  agent: AgentRow;
  ownerName: string;
}

export function listAgentsVisibleTo(db: Db, userId: string): Promise<VisibleAgentRow[]> {
  let list = agentLists.get(db);
  if (!list) agentLists.set(db, (list = prepareVisibleAgentList(db)));
  return list.execute({ userId });
}

/** The agent and its owner's name, if the user owns it or it is shared with the user's company. */
export async function findAgentVisibleTo(db: Db, userId: string, id: string): Promise<VisibleAgentRow | null> {
  const [row] = await db
    .select({ agent: agents, ownerName: users.fullName })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .where(
      and(
        eq(agents.id, id),
        or(
          eq(agents.userId, userId),
          and(
            eq(agents.visibility, "company"),
            sql`${users.companyId} = (select viewer.company_id from users viewer where viewer.id = ${userId})`,
          ),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Any agent with its owner's company, for an admin's ownership transfer. */
export async function findAgentWithOwner(db: Db, id: string) {
  const [row] = await db
    .select({ agent: agents, ownerName: users.fullName, ownerCompanyId: users.companyId })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .where(eq(agents.id, id))
    .limit(1);
  return row ?? null;
}

export function updateAgentRow(db: Db, id: string, values: Partial<AgentRow>): Promise<AgentRow[]> {
  return db.update(agents).set(values).where(eq(agents.id, id)).returning();
}

/** The agent changes hands; the knowledge added to it follows (a document counts against its agent's owner). */
export async function transferAgentRow(db: Db, id: string, toUserId: string, now: Date): Promise<AgentRow[]> {
  const moved = await db.update(agents).set({ userId: toUserId, updatedAt: now }).where(eq(agents.id, id)).returning();
  await db.update(knowledgeDocuments).set({ userId: toUserId }).where(eq(knowledgeDocuments.agentId, id));
  return moved;
}

export async function deleteAgentRow(db: Db, id: string): Promise<void> {
  await db.delete(agents).where(eq(agents.id, id));
}

export async function findUserForOwnership(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      companyId: users.companyId,
      approvalStatus: users.approvalStatus,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

export async function findAgentOfUser(db: Db, userId: string, id: string): Promise<AgentRow | null> {
  const [row] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.id, id), eq(agents.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Agents of every user whose company name matches, compared trimmed and case-insensitively. */
export async function countAgentsOfCompany(db: Db, companyKey: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .where(sql`lower(trim(${users.companyName})) = ${companyKey}`);
  return n;
}

export function listTemplates(db: Db) {
  return db.select().from(agentTemplates).orderBy(asc(agentTemplates.sortOrder), asc(agentTemplates.name));
}

/** The earliest approved admin: the instance owner when OWNER_EMAIL is not set. */
export async function firstAdminId(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.approvalStatus, "approved")))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row?.id ?? null;
}
