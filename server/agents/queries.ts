/** Plain (db, params) queries for agents. */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { agentTemplates, agents, users } from "../db/schema.js";
import type { AgentRow } from "./agent-view.js";

/** Named once per database: the agent list is a hot read, planned once per connection (PGlite ignores the name). */
function prepareAgentList(db: Db) {
  return db
    .select()
    .from(agents)
    .where(eq(agents.userId, sql.placeholder("userId")))
    .orderBy(desc(agents.createdAt))
    .prepare("agents_of_user");
}
const agentLists = new WeakMap<Db, ReturnType<typeof prepareAgentList>>();

export function listAgentsOfUser(db: Db, userId: string): Promise<AgentRow[]> {
  let list = agentLists.get(db);
  if (!list) agentLists.set(db, (list = prepareAgentList(db)));
  return list.execute({ userId });
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
