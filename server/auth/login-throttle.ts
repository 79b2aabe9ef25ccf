/**
 * Brute-force protection for sign-in: after LOGIN_FAILURE_LIMIT failures for one email or
 * one IP inside the window, sign-in answers 429. Kept in the database so every instance agrees.
 */
import { and, count, eq, gt, lt, min, or } from "drizzle-orm";
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MINUTES } from "../../contracts/limits.js";
import type { Db } from "../db/connect.js";
import { loginFailures } from "../db/schema.js";

const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60 * 1000;

/** Seconds until the caller may try again, or 0 when not throttled. */
export async function loginRetryAfterSeconds(db: Db, email: string, ip: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const [byEmail, byIp] = await Promise.all([
    db
      .select({ n: count(), oldest: min(loginFailures.createdAt) })
      .from(loginFailures)
      .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since))),
    db
      .select({ n: count(), oldest: min(loginFailures.createdAt) })
      .from(loginFailures)
      .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since))),
  ]);
  let wait = 0;
  for (const [row] of [byEmail, byIp]) {
    if (row && row.n >= LOGIN_FAILURE_LIMIT && row.oldest) {
      const oldest = new Date(row.oldest).getTime();
      wait = Math.max(wait, Math.ceil((oldest + WINDOW_MS - now.getTime()) / 1000));
    }
  }
  return Math.max(wait, 0);
}

export async function recordLoginFailure(db: Db, email: string, ip: string, now: Date): Promise<void> {
  await db.insert(loginFailures).values({ email, ip, createdAt: now });
  // Old rows are worthless; trimming here keeps the table small without a scheduler.
  await db
    .delete(loginFailures)
    .where(
      and(
        lt(loginFailures.createdAt, new Date(now.getTime() - WINDOW_MS)),
        or(eq(loginFailures.email, email), eq(loginFailures.ip, ip)),
      ),
    );
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
