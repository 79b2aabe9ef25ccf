/** Error reports from users: stored with the reporter, throttled per user, announced to admins. */
import { and, count, eq, gt, sql } from "drizzle-orm";
import { ERROR_REPORTS_PER_HOUR } from "../../contracts/limits.js";
import type { ErrorReportCreate } from "../../contracts/reports.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/connect.js";
import { errorReports } from "../db/schema-records.js";
import { retryLater } from "../http/http-error.js";
import type { EventBus } from "../realtime/event-bus.js";

export interface ReportDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
}

/** Any fixed number: the advisory-lock class of "one user's report submissions". */
const REPORT_LOCK_CLASS = 7_340_002;
/** Live events carry a preview; the full text is on the error reports screen (NOTIFY payloads are small). */
export const EVENT_MESSAGE_PREVIEW = 300;

export function messagePreview(message: string): string {
  return message.length > EVENT_MESSAGE_PREVIEW ? `${message.slice(0, EVENT_MESSAGE_PREVIEW - 1)}…` : message;
}

export async function submitErrorReport(
  deps: ReportDeps,
  userId: string,
  input: ErrorReportCreate,
): Promise<{ id: string }> {
  const now = deps.clock.now();
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const row = await deps.db.transaction(async (tx) => {
    // Serialises one user's submissions (across app instances too) so a burst cannot slip past the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(${REPORT_LOCK_CLASS}, hashtext(${userId}))`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(errorReports)
      .where(and(eq(errorReports.userId, userId), gt(errorReports.createdAt, hourAgo)));
    if (n >= ERROR_REPORTS_PER_HOUR) {
      throw retryLater(3600, "REPORTS_PER_HOUR_REACHED", { limit: ERROR_REPORTS_PER_HOUR });
    }
    const [inserted] = await tx
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
    return inserted;
  });
  const message = messagePreview(input.message);
  await deps.bus.publish({ type: "error_report", severity: input.severity, message });
  if (input.severity === "critical") await deps.bus.publish({ type: "critical_error", message });
  await deps.bus.publish({ type: "stats_changed" });
  return row;
}
