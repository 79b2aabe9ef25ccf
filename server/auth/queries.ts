/** SQL for accounts and sign-in throttling; plain `(db, params)` functions, no rules. */
import { and, count, desc, eq, gt, isNull, lt, max, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { instance, loginFailures, users } from "../db/schema.js";
import type { UserRow, UserWithPasswordRow } from "./user-view.js";

type NewUser = typeof users.$inferInsert;
type UserChanges = Partial<Omit<NewUser, "id" | "email" | "createdAt">>;

/** Any fixed number: serialises concurrent sign-ups so only one can be "the first". */
const FIRST_USER_LOCK = 7_340_001;

/** The only read of a password hash: sign-in and changing one's own password check it. */
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

/** Which failures one throttle counts. Forgiven failures (an admin's unlock) count against addresses only. */
export type FailureScope =
  | { kind: "device"; device: string }
  | { kind: "account-address"; email: string; ip: string }
  | { kind: "account"; email: string }
  | { kind: "address"; ip: string }
  | { kind: "range"; range: string };

function scopeCondition(scope: FailureScope): SQL | undefined {
  const untrusted = isNull(loginFailures.deviceId);
  const unforgiven = eq(loginFailures.forgiven, false);
  switch (scope.kind) {
    case "device":
      return and(eq(loginFailures.deviceId, scope.device), unforgiven);
    case "account-address":
      return and(eq(loginFailures.email, scope.email), eq(loginFailures.ip, scope.ip), untrusted, unforgiven);
    case "account":
      return and(eq(loginFailures.email, scope.email), untrusted, unforgiven);
    case "address":
      return and(eq(loginFailures.ip, scope.ip), untrusted);
    case "range":
      return and(eq(loginFailures.range, scope.range), untrusted);
  }
}

/** Failures recorded before row `beforeId` since `since`: whether they reach a limit is the throttle's call. */
export interface EarlierFailures {
  since: Date;
  beforeId: number;
}

/** How many failures the scope has and when the latest was, among the earlier ones. */
export async function failureStanding(
  db: Db,
  scope: FailureScope,
  earlier: EarlierFailures,
): Promise<{ count: number; latest: Date | null }> {
  const [row] = await db
    .select({ count: count(), latest: max(loginFailures.createdAt) })
    .from(loginFailures)
    .where(
      and(scopeCondition(scope), gt(loginFailures.createdAt, earlier.since), lt(loginFailures.id, earlier.beforeId)),
    );
  return { count: row.count, latest: row.latest ? new Date(row.latest) : null };
}

/**
 * The time of the `limit`-th newest failure in the scope among the earlier ones, or null when
 * there are fewer: once it leaves the window, the scope is under its limit again.
 */
export async function limitReachingFailureTime(
  db: Db,
  scope: FailureScope,
  limit: number,
  earlier: EarlierFailures,
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

export interface FailureOrigin {
  email: string;
  ip: string;
  range: string;
  deviceId: string | null;
}

/** Returns the row's id: ids grow in insertion order, which is what "earlier" means here. */
export async function insertLoginFailure(db: Db, failure: FailureOrigin & { createdAt: Date }): Promise<number> {
  const [row] = await db.insert(loginFailures).values(failure).returning({ id: loginFailures.id });
  return row.id;
}

export async function deleteLoginFailure(db: Db, id: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

/** Deletes failures older than `before` that share the email, address, range or device of an attempt. */
export async function deleteOldLoginFailures(db: Db, attempt: FailureOrigin, before: Date): Promise<void> {
  const related = [
    eq(loginFailures.email, attempt.email),
    eq(loginFailures.ip, attempt.ip),
    eq(loginFailures.range, attempt.range),
  ];
  if (attempt.deviceId) related.push(eq(loginFailures.deviceId, attempt.deviceId));
  await db.delete(loginFailures).where(and(lt(loginFailures.createdAt, before), or(...related)));
}

/** Forgets an account's failures from one address (or from one device). */
export async function deleteLoginFailuresOf(db: Db, attempt: FailureOrigin): Promise<void> {
  const from = attempt.deviceId
    ? eq(loginFailures.deviceId, attempt.deviceId)
    : and(eq(loginFailures.ip, attempt.ip), isNull(loginFailures.deviceId));
  await db.delete(loginFailures).where(and(eq(loginFailures.email, attempt.email), from));
}

/**
 * An admin's unlock: the account's failures stop counting against the account (its lock and
 * its per-address throttles) but still slow the addresses and ranges they came from.
 * Answers how many were forgiven.
 */
export async function forgiveLoginFailures(db: Db, email: string): Promise<number> {
  const rows = await db
    .update(loginFailures)
    .set({ forgiven: true })
    .where(and(eq(loginFailures.email, email), eq(loginFailures.forgiven, false)))
    .returning({ id: loginFailures.id });
  return rows.length;
}
