/**
 * Admin work on users: list and search, approve or deny, reset a password, unlock sign-in,
 * make or unmake an administrator. Deleting a user is in deletion.ts. Deleted
 * users (users.deleted_at) are left out of every read here: to an admin they are gone.
 */
import type { DataDeps } from "../feature-deps.js";
import { and, asc, count, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { type UnlockSignInResult } from "../../contracts/admin.js";
import type { User } from "../../contracts/auth.js";
import { hashPassword } from "../auth/passwords.js";
import { forgiveLoginFailures } from "../auth/queries.js";
import { deleteUserSessions } from "../auth/sessions.js";
import { toUser, type UserRow, type UserWithPasswordRow } from "../auth/user-view.js";
import type { Db } from "../db/connect.js";
import { users } from "../db/schema.js";
import { apiError } from "../http/http-error.js";
import { recordAudit } from "../audit/audit-log.js";
import { isUuid } from "../http/ids.js";

export async function listUsers(
  deps: DataDeps,
  query: { search?: string; page: number; pageSize: number },
): Promise<{ users: User[]; total: number }> {
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const matches = pattern
    ? or(ilike(users.email, pattern), ilike(users.fullName, pattern), ilike(users.companyName, pattern))
    : undefined;
  const where = and(isNull(users.deletedAt), matches);
  const [rows, [{ n }]] = await Promise.all([
    deps.db
      .select()
      .from(users)
      .where(where)
      // Pending first: they are what an admin has to act on. The id breaks ties so that
      // pages never overlap or skip rows when many users share a sign-up time.
      .orderBy(sql`case ${users.approvalStatus} when 'pending' then 0 else 1 end`, asc(users.createdAt), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toUser), total: n };
}

export async function getUser(deps: Pick<DataDeps, "db">, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw apiError("USER_NOT_FOUND");
  const [row] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw apiError("USER_NOT_FOUND");
  return row;
}

export async function setApproval(deps: DataDeps, actor: UserRow, id: string, approved: boolean): Promise<User> {
  if (!isUuid(id)) throw apiError("USER_NOT_FOUND");
  if (!approved && id === actor.id) throw apiError("SELF_DENY");
  const now = deps.clock.now();
  // One transaction with the rows locked: two admins denying each other at once must not
  // both pass the last-admin check, and a double click must not approve twice.
  const row = await deps.db.transaction(async (tx) => {
    const { target, otherAdmins } = await lockUserAndAdmins(tx, id);
    if (!target || target.deletedAt) throw apiError("USER_NOT_FOUND");
    if (approved && target.approvalStatus === "approved") throw apiError("USER_ALREADY_APPROVED");
    if (!approved && target.approvalStatus === "denied") throw apiError("USER_ALREADY_DENIED");
    if (!approved && target.isAdmin && otherAdmins === 0) {
      throw apiError("LAST_ADMIN_DENY");
    }
    const [updated] = await tx
      .update(users)
      .set({ approvalStatus: approved ? "approved" : "denied", updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    // A denied user is signed out everywhere at once.
    if (!approved) await deleteUserSessions(tx, id);
    await recordAudit(tx, actor, approved ? "user.approve" : "user.deny", { type: "user", id }, now, {
      email: updated.email,
    });
    return updated;
  });
  if (!approved) await deps.bus.revokeSessions({ scope: "user", userId: id });
  await deps.bus.publish({ type: "user_approval", approved, userEmail: row.email });
  await deps.bus.publish({ type: "stats_changed" });
  return toUser(row);
}

export async function resetPassword(
  deps: DataDeps,
  actor: UserRow,
  actorSessionHash: string | null,
  id: string,
  newPassword: string,
): Promise<void> {
  const target = await getUser(deps, id);
  const passwordHash = await hashPassword(newPassword);
  const now = deps.clock.now();
  // The user's sessions end (an admin resetting their own password keeps this session).
  const keepSessionHash = target.id === actor.id ? (actorSessionHash ?? undefined) : undefined;
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
    await deleteUserSessions(tx, id, keepSessionHash);
    await recordAudit(tx, actor, "user.reset_password", { type: "user", id }, now, { email: target.email });
  });
  await deps.bus.revokeSessions({ scope: "user", userId: id, keepSessionHash });
}

/**
 * The owner's way back in after the account-wide sign-in lock (login-throttle.ts): the account's
 * failed sign-ins stop counting against it, while still slowing the addresses they came from.
 */
export async function unlockSignIn(deps: DataDeps, actor: UserRow, id: string): Promise<UnlockSignInResult> {
  const target = await getUser(deps, id);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const failuresForgiven = await forgiveLoginFailures(tx, target.email);
    await recordAudit(tx, actor, "user.unlock_sign_in", { type: "user", id }, now, {
      email: target.email,
      failuresForgiven,
    });
    return { message: "Sign-in unlocked", failuresForgiven };
  });
}

/**
 * The user and every approved administrator, locked until the transaction ends, in one
 * statement in id order: two admins demoting (or denying, or deleting) each other at once must
 * not both pass the last-admin check, and locking in one order keeps them from deadlocking.
 */
export async function lockUserAndAdmins(
  tx: Db,
  id: string,
): Promise<{ target: UserWithPasswordRow | undefined; otherAdmins: number }> {
  const rows = await tx
    .select()
    .from(users)
    .where(or(eq(users.id, id), and(eq(users.isAdmin, true), eq(users.approvalStatus, "approved"))))
    .orderBy(asc(users.id))
    .for("update");
  const target = rows.find((row) => row.id === id);
  const otherAdmins = rows.filter((row) => row.id !== id && row.isAdmin && row.approvalStatus === "approved");
  return { target, otherAdmins: otherAdmins.length };
}

/**
 * Makes an approved user an administrator, or no longer one; never the last. Setting what is
 * already so changes nothing and records nothing. A demoted admin's sessions stay signed in
 * but every instance forgets its cached copy of them (and re-checks their admin sockets), so
 * their next request is answered as the plain user they now are.
 */
export async function setAdmin(deps: DataDeps, actor: UserRow, id: string, isAdmin: boolean): Promise<User> {
  if (!isUuid(id)) throw apiError("USER_NOT_FOUND");
  const now = deps.clock.now();
  const { row, changed } = await deps.db.transaction(async (tx) => {
    const { target, otherAdmins } = await lockUserAndAdmins(tx, id);
    if (!target || target.deletedAt) throw apiError("USER_NOT_FOUND");
    if (target.isAdmin === isAdmin) return { row: target, changed: false };
    if (isAdmin && target.approvalStatus !== "approved") {
      throw apiError("APPROVE_BEFORE_PROMOTE");
    }
    if (!isAdmin && otherAdmins === 0) throw apiError("LAST_ADMIN_DEMOTE");
    const [updated] = await tx.update(users).set({ isAdmin, updatedAt: now }).where(eq(users.id, id)).returning();
    await recordAudit(tx, actor, isAdmin ? "user.promote" : "user.demote", { type: "user", id }, now, {
      email: updated.email,
    });
    return { row: updated, changed: true };
  });
  if (changed) {
    // No session ends: the revocation only makes every cache and admin socket read the user again.
    await deps.bus.revokeSessions({ scope: "user", userId: id });
    await deps.bus.publish({ type: "stats_changed" });
  }
  return toUser(row);
}
