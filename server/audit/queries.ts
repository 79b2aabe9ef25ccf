/** Reads of the append-only audit log, filtered by actor, action and UTC date range. */
import { and, count, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { auditLog } from "../db/schema-records.js";

export interface AuditFilter {
  actor?: string;
  action?: string;
  /** Inclusive UTC dates, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

export type AuditRow = typeof auditLog.$inferSelect;

function whereOf(f: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.actor) conditions.push(ilike(auditLog.actorEmail, `%${f.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (f.action) conditions.push(eq(auditLog.action, f.action));
  if (f.from) conditions.push(gte(auditLog.createdAt, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) conditions.push(lt(auditLog.createdAt, new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000)));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAuditRows(db: Db, f: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(whereOf(f))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

export async function countAuditRows(db: Db, f: AuditFilter): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(auditLog).where(whereOf(f));
  return n;
}
