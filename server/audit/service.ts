/** The audit trail screen: a page of entries, newest first, and the same filter as CSV. */
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditPage, type AuditQuery } from "../../contracts/usage.js";
import type { Db } from "../db/connect.js";
import { apiError } from "../http/http-error.js";
import { toCsv } from "../http/csv.js";
import { countAuditRows, listAuditRows, type AuditFilter, type AuditRow } from "./queries.js";

/** A download holds at most this many entries, newest first; narrow the filter for older ones. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actorEmail: row.actorEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
  };
}

function checkRange(f: AuditFilter): void {
  if (f.from && f.to && f.from > f.to) throw apiError("AUDIT_RANGE_INVALID");
}

export async function auditPage(db: Db, query: AuditFilter & { page: number }): Promise<AuditPage> {
  checkRange(query);
  const offset = (query.page - 1) * AUDIT_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    listAuditRows(db, query, AUDIT_PAGE_SIZE, offset),
    countAuditRows(db, query),
  ]);
  return { entries: rows.map(toEntry), total, page: query.page, pageSize: AUDIT_PAGE_SIZE };
}

export async function auditCsv(db: Db, query: AuditFilter): Promise<string> {
  checkRange(query);
  const rows = await listAuditRows(db, query, AUDIT_CSV_MAX_ROWS, 0);
  return toCsv(
    ["id", "createdAt", "actorEmail", "action", "targetType", "targetId", "detail"],
    rows.map((row) => [
      row.id,
      row.createdAt.toISOString(),
      row.actorEmail,
      row.action,
      row.targetType,
      row.targetId,
      row.detail ? JSON.stringify(row.detail) : null,
    ]),
  );
}

export type { AuditQuery };
