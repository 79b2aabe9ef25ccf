/**
 * Server-side sessions. The cookie carries 256 random bits; the table stores only their
 * HMAC, so a copy of the table cannot be replayed as cookies. Ending sessions also tells
 * every instance's session cache, through the event bus.
 */
import { createHmac, randomBytes } from "node:crypto";
import { and, eq, getTableColumns, gt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { sessions, users } from "../db/schema.js";
import type { EventBus } from "../realtime/event-bus.js";
import type { UserRow } from "./user-view.js";

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

/** Every column of a user but the password hash, which nothing after sign-in needs. */
const { passwordHash: _passwordHash, ...userColumns } = getTableColumns(users);

/**
 * Built and named once per database: drizzle skips rebuilding the SQL, and PostgreSQL plans
 * the statement once per connection instead of on every request (PGlite ignores the name).
 */
function prepareSessionLookup(db: Db) {
  return db
    .select({ user: userColumns, sessionExpiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, sql.placeholder("idHash")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .limit(1)
    .prepare("session_user_by_hash");
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

export interface FoundSession {
  user: UserRow;
  sessionExpiresAt: Date;
}

/** The session's user, if the session exists and has not expired at `now`. */
export async function findSessionByHash(db: Db, idHash: string, now: Date): Promise<FoundSession | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = prepareSessionLookup(db)));
  // A placeholder skips the column's Date encoding, so the driver gets the string it would have.
  const [row] = await lookup.execute({ idHash, now: now.toISOString() });
  return row ?? null;
}

export async function findSessionUser(
  db: Db,
  secret: string,
  id: string,
  now: Date,
): Promise<{ user: UserRow; sessionHash: string } | null> {
  const sessionHash = hashSessionId(secret, id);
  const found = await findSessionByHash(db, sessionHash, now);
  return found ? { user: found.user, sessionHash } : null;
}

/** Signs one session out, here and in every instance's session cache. */
export async function endSession(deps: { db: Db; bus: EventBus; sessionSecret: string }, id: string): Promise<void> {
  const sessionHash = hashSessionId(deps.sessionSecret, id);
  await deps.db.delete(sessions).where(eq(sessions.idHash, sessionHash));
  await deps.bus.revokeSessions({ scope: "session", sessionHash });
}

/** Ends the user's sessions in the table (all, or all but `exceptHash`); answers how many ended. */
export async function deleteUserSessions(db: Db, userId: string, exceptHash?: string): Promise<number> {
  const ofUser = eq(sessions.userId, userId);
  const ended = await db
    .delete(sessions)
    .where(exceptHash ? and(ofUser, ne(sessions.idHash, exceptHash)) : ofUser)
    .returning({ idHash: sessions.idHash });
  return ended.length;
}
