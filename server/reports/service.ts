/** Error reports from users: stored with the reporter, throttled per user, announced to admins. */
import { and, count, eq, gt } from "drizzle-orm";
import { ERROR_REPORTS_PER_HOUR } from "../../contracts/limits.js";
import type { ErrorReportCreate } from "../../contracts/reports.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/connect.js";
import { errorReports } from "../db/schema.js";
import { HttpError } from "../http/http-error.js";
import type { EventBus } from "../realtime/event-bus.js";

export interface ReportDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
}

export async function submitErrorReport(deps: ReportDeps, userId: string, input: ErrorReportCreate): Promise<{ id: string }> {
  const now = deps.clock.now();
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const [{ n }] = await deps.db
    .select({ n: count() })
    .from(errorReports)
    .where(and(eq(errorReports.userId, userId), gt(errorReports.createdAt, hourAgo)));
  if (n >= ERROR_REPORTS_PER_HOUR) {
    throw new HttpError(429, `You can send at most ${ERROR_REPORTS_PER_HOUR} reports an hour. Please try again later.`, {
      "Retry-After": "3600",
    });
  }
  const [row] = await deps.db
    .insert(errorReports)
    .values({
      userId,
      errorType: input.errorType,
      severity: input.severity,
      message: input.message,
      details: input.details || null,
      url: input.url || null,
      createdAt: now,
    })
    .returning({ id: errorReports.id });
  await deps.bus.publish({ type: "error_report", severity: input.severity, message: input.message });
  if (input.severity === "critical") await deps.bus.publish({ type: "critical_error", message: input.message });
  await deps.bus.publish({ type: "stats_changed" });
  return row;
}
