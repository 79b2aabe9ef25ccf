/**
 * Server-side sessions. The cookie carries 256 random bits; the table stores only their
 * HMAC, so a copy of the table cannot be replayed as cookies.
 */
import { createHmac, randomBytes } from "node:crypto";
import { and, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { sessions, users } from "../db/schema.js";
import type { UserRow } from "./user-view.js";

export const SESSION_COOKIE = "sid";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function hashSessionId(secret: string, id: string): string {
  return createHmac("sha256", secret).update(id).digest("base64url");
}

export async function createSession(db: Db, secret: string, userId: string, now: Date): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    idHash: hashSessionId(secret, id),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return id;
}

export async function findSessionUser(
  db: Db,
  secret: string,
  id: string,
  now: Date,
): Promise<{ user: UserRow; sessionHash: string } | null> {
  const idHash = hashSessionId(secret, id);
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  return row ? { user: row.user, sessionHash: idHash } : null;
}

export async function deleteSession(db: Db, secret: string, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(secret, id)));
}

export async function deleteUserSessions(db: Db, userId: string, exceptHash?: string): Promise<void> {
  const ofUser = eq(sessions.userId, userId);
  await db.delete(sessions).where(exceptHash ? and(ofUser, ne(sessions.idHash, exceptHash)) : ofUser);
}
