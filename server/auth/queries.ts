/** SQL for accounts and sign-in throttling; plain `(db, params)` functions, no rules. */
import { and, desc, eq, gt, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { instance, loginFailures, users } from "../db/schema.js";
import type { UserRow, UserWithPasswordRow } from "./user-view.js";

type NewUser = typeof users.$inferInsert;
type UserChanges = Partial<Omit<NewUser, "id" | "email" | "createdAt">>;

/** Any fixed number: serialises concurrent sign-ups so only one can be "the first". */
const FIRST_USER_LOCK = 7_340_001;

/** The only read of a password hash: sign-in checks it. */
export async function findUserByEmail(db: Db, email: string): Promise<UserWithPasswordRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** Holds, until the transaction ends, the lock that makes "is this the first account?" safe. */
export async function lockAccountCreation(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_USER_LOCK})`);
}

/** Whether the instance has ever had its first administrator (users may all be gone since). */
export async function instanceHasOwner(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: instance.id }).from(instance).limit(1);
  return row !== undefined;
}

/** Marks the instance as owned for good; a second call changes nothing. */
export async function markInstanceOwned(db: Db, at: Date): Promise<void> {
  await db.insert(instance).values({ id: 1, ownerClaimedAt: at }).onConflictDoNothing();
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUser(db: Db, id: string, changes: UserChanges): Promise<UserRow> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

/** Which failures one throttling limit counts; the untrusted scopes leave device failures out. */
export type FailureScope =
  | { device: string }
  | { email: string; ip: string }
  | { email: string; untrusted: true }
  | { ip: string; untrusted: true };

function scopeCondition(scope: FailureScope): SQL | undefined {
  if ("device" in scope) return eq(loginFailures.deviceId, scope.device);
  const untrusted = isNull(loginFailures.deviceId);
  if ("untrusted" in scope) {
    return "email" in scope
      ? and(eq(loginFailures.email, scope.email), untrusted)
      : and(eq(loginFailures.ip, scope.ip), untrusted);
  }
  return and(eq(loginFailures.email, scope.email), eq(loginFailures.ip, scope.ip), untrusted);
}

/**
 * The time of the `limit`-th newest failure in the scope since `since` and recorded before row
 * `beforeId`, or null when there are fewer: once it leaves the window, the scope is under its
 * limit again.
 */
export async function limitReachingFailureTime(
  db: Db,
  scope: FailureScope,
  limit: number,
  earlier: { since: Date; beforeId: number },
): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(
      and(scopeCondition(scope), gt(loginFailures.createdAt, earlier.since), lt(loginFailures.id, earlier.beforeId)),
    )
    .orderBy(desc(loginFailures.createdAt))
    .offset(limit - 1)
    .limit(1);
  return row ? new Date(row.createdAt) : null;
}

/** Returns the row's id: ids grow in insertion order, which is what "earlier" means here. */
export async function insertLoginFailure(
  db: Db,
  failure: { email: string; ip: string; deviceId: string | null; createdAt: Date },
): Promise<number> {
  const [row] = await db.insert(loginFailures).values(failure).returning({ id: loginFailures.id });
  return row.id;
}

export async function deleteLoginFailure(db: Db, id: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

/** Deletes failures older than `before` that share the email, address or device of an attempt. */
export async function deleteOldLoginFailures(
  db: Db,
  attempt: { email: string; ip: string; deviceId: string | null },
  before: Date,
): Promise<void> {
  const related = [eq(loginFailures.email, attempt.email), eq(loginFailures.ip, attempt.ip)];
  if (attempt.deviceId) related.push(eq(loginFailures.deviceId, attempt.deviceId));
  await db.delete(loginFailures).where(and(lt(loginFailures.createdAt, before), or(...related)));
}

/** Forgets an account's failures from one address (or from one device). */
export async function deleteLoginFailuresOf(
  db: Db,
  attempt: { email: string; ip: string; deviceId: string | null },
): Promise<void> {
  const from = attempt.deviceId
    ? eq(loginFailures.deviceId, attempt.deviceId)
    : and(eq(loginFailures.ip, attempt.ip), isNull(loginFailures.deviceId));
  await db.delete(loginFailures).where(and(eq(loginFailures.email, attempt.email), from));
}
