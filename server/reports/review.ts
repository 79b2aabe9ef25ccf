/** Admin side of error reports: list by filter with the reporter, mark one resolved. */
import { and, desc, eq, type SQL } from "drizzle-orm";
import { ADMIN_LIST_LIMIT } from "../../contracts/admin.js";
import type { ErrorReport, Severity } from "../../contracts/reports.js";
import type { UserRow } from "../auth/user-view.js";
import { users } from "../db/schema.js";
import { errorReports } from "../db/schema-records.js";
import { apiError } from "../http/http-error.js";
import { recordAudit } from "../audit/audit-log.js";
import type { DataDeps } from "../feature-deps.js";
import { isUuid } from "../http/ids.js";

type ReportRow = typeof errorReports.$inferSelect & { userEmail: string | null; userName: string | null };

function toErrorReport(row: ReportRow): ErrorReport {
  return {
    id: row.id,
    userId: row.userId,
    userEmail: row.userEmail,
    userName: row.userName,
    errorType: row.errorType,
    severity: row.severity as Severity,
    message: row.message,
    details: row.details,
    url: row.url,
    resolved: row.resolved,
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    resolvedBy: row.resolvedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

function selectReports(deps: DataDeps, where: SQL | undefined) {
  return deps.db
    .select({ report: errorReports, userEmail: users.email, userName: users.fullName })
    .from(errorReports)
    .leftJoin(users, eq(users.id, errorReports.userId))
    .where(where);
}

export async function listErrorReports(
  deps: DataDeps,
  filter: "unresolved" | "resolved" | "all",
): Promise<ErrorReport[]> {
  const where = filter === "all" ? undefined : eq(errorReports.resolved, filter === "resolved");
  const rows = await selectReports(deps, where)
    .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
    .limit(ADMIN_LIST_LIMIT);
  return rows.map((r) => toErrorReport({ ...r.report, userEmail: r.userEmail, userName: r.userName }));
}

export async function resolveErrorReport(deps: DataDeps, actor: UserRow, id: string): Promise<ErrorReport> {
  if (!isUuid(id)) throw apiError("REPORT_NOT_FOUND");
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Conditional update: of two admins clicking at once, exactly one resolves it.
    const updated = await tx
      .update(errorReports)
      .set({ resolved: true, resolvedAt: now, resolvedBy: actor.id })
      .where(and(eq(errorReports.id, id), eq(errorReports.resolved, false)))
      .returning({ id: errorReports.id });
    if (updated.length === 0) {
      const [exists] = await tx.select({ id: errorReports.id }).from(errorReports).where(eq(errorReports.id, id));
      throw exists ? apiError("REPORT_ALREADY_RESOLVED") : apiError("REPORT_NOT_FOUND");
    }
    await recordAudit(tx, actor, "error_report.resolve", { type: "error_report", id }, now);
  });
  await deps.bus.publish({ type: "stats_changed" });
  const [row] = await selectReports(deps, eq(errorReports.id, id));
  return toErrorReport({ ...row.report, userEmail: row.userEmail, userName: row.userName });
}
