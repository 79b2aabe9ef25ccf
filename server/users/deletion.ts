/**
 * An admin deletes a user. The account is closed, not erased: the users row stays with
 * deleted_at set (denied, no longer an admin, password unusable, every session ended), so the
 * person's conversations stay readable to admins under the name they were held in, and usage
 * and the audit log keep their true author. A hard delete would cascade through conversations,
 * usage_records and usage_daily (giving the company back quota it spent). The person's agents
 * go to a colleague of the same company or are deleted, as the admin chooses; conversations
 * with a deleted agent keep its name, as when its owner deletes it.
 */
import { and, asc, count, eq, isNull, ne } from "drizzle-orm";
import { type DeleteUserInput, type DeleteUserResult, type UserDeletionPlan } from "../../contracts/admin.js";
import { deleteUserSessions } from "../auth/sessions.js";
import type { UserRow } from "../auth/user-view.js";
import type { Db } from "../db/connect.js";
import { agents, users } from "../db/schema.js";
import { knowledgeDocuments } from "../db/schema-knowledge.js";
import { apiError } from "../http/http-error.js";
import { recordAudit } from "../audit/audit-log.js";
import type { DataDeps } from "../feature-deps.js";
import { getUser, lockUserAndAdmins } from "./service.js";
import { isUuid } from "../http/ids.js";

/** Not a hash argon2 can verify against: no password signs a deleted account in. */
const UNUSABLE_PASSWORD_HASH = "account-deleted";

/** Approved, not deleted users of the company but `exceptId` (only `onlyId`, when given). */
function colleagues(db: Db, companyId: string, exceptId: string, onlyId?: string) {
  return db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.approvalStatus, "approved"),
        isNull(users.deletedAt),
        ne(users.id, exceptId),
        onlyId ? eq(users.id, onlyId) : undefined,
      ),
    );
}

/** What the confirmation dialog shows: how many agents the user has and who could take them. */
export async function userDeletionPlan(deps: DataDeps, id: string): Promise<UserDeletionPlan> {
  const target = await getUser(deps, id);
  const [[{ n }], candidates] = await Promise.all([
    deps.db.select({ n: count() }).from(agents).where(eq(agents.userId, target.id)),
    target.companyId
      ? colleagues(deps.db, target.companyId, target.id).orderBy(asc(users.fullName), asc(users.id))
      : [],
  ]);
  return { agentCount: n, colleagues: candidates };
}

async function lockedColleague(
  tx: Db,
  target: UserRow,
  transferTo: string,
): Promise<{ id: string; email: string } | null> {
  if (!isUuid(transferTo) || !target.companyId) return null;
  const [colleague] = await colleagues(tx, target.companyId, target.id, transferTo).for("update");
  return colleague ?? null;
}

/** Hands the user's agents (and the knowledge they added to them) to a colleague; answers how many. */
async function transferAgents(tx: Db, fromId: string, toId: string): Promise<number> {
  const moved = await tx
    .update(agents)
    .set({ userId: toId })
    .where(eq(agents.userId, fromId))
    .returning({ id: agents.id });
  // A document counts against its agent's owner: it follows the agent.
  await tx.update(knowledgeDocuments).set({ userId: toId }).where(eq(knowledgeDocuments.userId, fromId));
  return moved.length;
}

export async function deleteUser(
  deps: DataDeps,
  actor: UserRow,
  id: string,
  input: DeleteUserInput,
): Promise<DeleteUserResult> {
  if (!isUuid(id)) throw apiError("USER_NOT_FOUND");
  if (id === actor.id) throw apiError("SELF_DELETE");
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const { target, otherAdmins } = await lockUserAndAdmins(tx, id);
    if (!target || target.deletedAt) throw apiError("USER_NOT_FOUND");
    if (target.isAdmin && target.approvalStatus === "approved" && otherAdmins === 0) {
      throw apiError("LAST_ADMIN_DELETE");
    }
    let agentsTransferred = 0;
    let agentsDeleted = 0;
    let receiver: string | null = null;
    if (input.agents === "transfer") {
      const colleague = await lockedColleague(tx, target, input.transferTo);
      if (!colleague) throw apiError("NO_SUCH_COLLEAGUE");
      agentsTransferred = await transferAgents(tx, target.id, colleague.id);
      receiver = colleague.email;
    } else {
      const deleted = await tx.delete(agents).where(eq(agents.userId, target.id)).returning({ id: agents.id });
      agentsDeleted = deleted.length;
    }
    await tx
      .update(users)
      .set({
        deletedAt: now,
        isAdmin: false,
        approvalStatus: "denied",
        passwordHash: UNUSABLE_PASSWORD_HASH,
        updatedAt: now,
      })
      .where(eq(users.id, target.id));
    await deleteUserSessions(tx, target.id);
    await recordAudit(tx, actor, "user.delete", { type: "user", id }, now, {
      email: target.email,
      fullName: target.fullName,
      agents: input.agents,
      agentsTransferred,
      agentsDeleted,
      ...(receiver ? { transferTo: receiver } : {}),
    });
    return { message: "User deleted", agentsTransferred, agentsDeleted };
  });
  await deps.bus.revokeSessions({ scope: "user", userId: id });
  await deps.bus.publish({ type: "stats_changed" });
  return result;
}
