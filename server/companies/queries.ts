/** Plain (db, params) queries for the companies table: reads, the agent limit's lock, and edits. */
import { asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { agents, companies, companyWarnings, users } from "../db/schema.js";

export type CompanyRow = typeof companies.$inferSelect;

export async function findCompany(db: Db, id: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
}

export function listCompanyRows(db: Db): Promise<CompanyRow[]> {
  return db.select().from(companies).orderBy(asc(companies.name));
}

/**
 * The user's company row, locked until the transaction ends: agent creations of one company
 * take turns, so two of them cannot both take its last free place.
 */
export async function lockCompanyOfUser(db: Db, userId: string): Promise<CompanyRow | null> {
  const [row] = await db
    .select({ company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .for("update", { of: companies })
    .limit(1);
  return row?.company ?? null;
}

export async function countAgentsOfCompany(db: Db, companyId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .where(eq(users.companyId, companyId));
  return n;
}

export async function updateCompany(
  db: Db,
  id: string,
  values: Partial<
    Pick<CompanyRow, "agentLimit" | "messagesPerDay" | "tokensPerMonth" | "voiceMinutesPerMonth" | "knowledgeMegabytes">
  >,
  now: Date,
): Promise<CompanyRow | null> {
  const [row] = await db
    .update(companies)
    .set({ ...values, updatedAt: now })
    .where(eq(companies.id, id))
    .returning();
  return row ?? null;
}

/** Users, earliest sign-up first, so each company's first user comes first. */
export function listUsersOldestFirst(db: Db) {
  return db.select().from(users).where(isNull(users.deletedAt)).orderBy(asc(users.createdAt), asc(users.id));
}

export function listAgentsOldestFirst(db: Db) {
  return db
    .select({
      id: agents.id,
      userId: agents.userId,
      name: agents.name,
      type: agents.type,
      role: agents.role,
      isActive: agents.isActive,
      createdAt: agents.createdAt,
    })
    .from(agents)
    .orderBy(asc(agents.createdAt), asc(agents.id));
}

export function listWarningsOfCompanies(db: Db, keys: string[]) {
  return db
    .select({
      companyKey: companyWarnings.companyKey,
      agentName: companyWarnings.agentName,
      createdAt: companyWarnings.createdAt,
    })
    .from(companyWarnings)
    .where(inArray(companyWarnings.companyKey, keys))
    .orderBy(sql`${companyWarnings.createdAt} desc`);
}
