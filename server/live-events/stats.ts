/** The admin stats (spec section 3, "Admin stats push"): read by GET /api/admin/stats and the live channel. */
import { isNull, sql } from "drizzle-orm";
import type { AdminStats } from "../../contracts/realtime.js";
import type { Db } from "../db/connect.js";
import { users } from "../db/schema.js";
import { errorReports } from "../db/schema-records.js";

export async function readAdminStats(db: Db): Promise<AdminStats> {
  const [[people], [reports]] = await Promise.all([
    db
      .select({
        totalUsers: sql<number>`count(*)`.mapWith(Number),
        adminUsers: sql<number>`count(*) filter (where ${users.isAdmin})`.mapWith(Number),
        pendingUsers: sql<number>`count(*) filter (where ${users.approvalStatus} = 'pending')`.mapWith(Number),
      })
      // A deleted user's row stays for their transcripts (users/deletion.ts), but they are no one now.
      .from(users)
      .where(isNull(users.deletedAt)),
    db
      .select({
        unresolvedErrors: sql<number>`count(*)`.mapWith(Number),
        criticalErrors: sql<number>`count(*) filter (where ${errorReports.severity} = 'critical')`.mapWith(Number),
      })
      .from(errorReports)
      .where(sql`not ${errorReports.resolved}`),
  ]);
  return { ...people, ...reports };
}

export function sameStats(a: AdminStats, b: AdminStats): boolean {
  return (
    a.totalUsers === b.totalUsers &&
    a.adminUsers === b.adminUsers &&
    a.pendingUsers === b.pendingUsers &&
    a.unresolvedErrors === b.unresolvedErrors &&
    a.criticalErrors === b.criticalErrors
  );
}
