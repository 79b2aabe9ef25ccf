/**
 * The whole-system reset: wipes agents, conversations (text and voice, with messages and
 * audio), error reports, company warnings, and every user but the admin who asked, in one
 * transaction. The audit log stays: it is append-only by trigger and records the reset, and so
 * does the instance's owner flag (no later sign-up becomes the owner; see the instance table).
 *
 * Two resets never run at once: each takes one advisory lock inside its transaction, then
 * re-reads its caller. Two admins pressing "reset" together therefore get exactly what serial
 * resets give: the first to take the lock wipes everyone else, the other admin included; the
 * second then finds its caller gone and is refused with 409, wiping nothing. The instance is
 * never left without the admin whose reset succeeded. (PGlite runs one transaction at a time
 * on its one connection, where the lock is taken at once and the re-check does the work.)
 */
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { type ResetAllResult } from "../../contracts/admin.js";
import type { UserRow } from "../auth/user-view.js";
import type { Db } from "../db/connect.js";
import { agents, companyWarnings, conversations, messages, sessions, users, voiceAudio } from "../db/schema.js";
import { errorReports } from "../db/schema-records.js";
import { apiError } from "../http/http-error.js";
import { recordAudit } from "../audit/audit-log.js";
import type { DataDeps } from "../feature-deps.js";

/** Deletes and counts in one statement, without carrying every deleted id back to Node. */
async function deleteCounting(db: Db, table: PgTable, where?: SQL): Promise<number> {
  const result: unknown = await db.execute(
    sql`with gone as (delete from ${table} ${where ? sql`where ${where}` : sql``} returning 1) select count(*)::int as n from gone`,
  );
  // node-postgres and PGlite both answer with { rows: [...] }.
  const rows = (result as { rows?: { n?: unknown }[] }).rows;
  return Number(rows?.[0]?.n ?? 0);
}

/** Any fixed number, apart from the sign-up's: serialises system resets across connections and instances. */
const SYSTEM_RESET_LOCK = 7_340_002;

/** Waits, until the transaction ends, for any other reset to finish; then checks the caller still stands. */
async function lockResetFor(tx: Db, actorId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SYSTEM_RESET_LOCK})`);
  const [caller] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, actorId), eq(users.isAdmin, true), eq(users.approvalStatus, "approved")))
    .for("update");
  if (!caller) throw apiError("RESET_CALLER_GONE");
}

export async function resetAll(deps: DataDeps, actor: UserRow): Promise<ResetAllResult> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    await lockResetFor(tx, actor.id);
    // Children before parents, so nothing relies on cascades and each count is exact.
    await deleteCounting(tx, voiceAudio);
    const messageCount = await deleteCounting(tx, messages);
    await deleteCounting(tx, companyWarnings);
    const reportCount = await deleteCounting(tx, errorReports);
    const conversationCount = await deleteCounting(tx, conversations);
    const agentCount = await deleteCounting(tx, agents);
    await deleteCounting(tx, sessions, ne(sessions.userId, actor.id));
    const userCount = await deleteCounting(tx, users, ne(users.id, actor.id));
    const deleted = { agents: agentCount, conversations: conversationCount, users: userCount };
    await recordAudit(tx, actor, "system.reset_all", null, now, {
      ...deleted,
      messages: messageCount,
      errorReports: reportCount,
    });
    return { deleted };
  });
  // Every cache forgets every session, the admin's too: re-reading one costs a query.
  await deps.bus.revokeSessions({ scope: "all" });
  await deps.bus.publish({ type: "stats_changed" });
  return result;
}
