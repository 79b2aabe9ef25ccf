/** Accounts: sign-up (first account owns the instance), sign-in with throttling, sign-out. */
import { count, eq, sql } from "drizzle-orm";
import { MESSAGES, type LoginInput, type SignupInput } from "../../contracts/auth.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/connect.js";
import { users } from "../db/schema.js";
import { HttpError } from "../http/http-error.js";
import type { EventBus } from "../realtime/event-bus.js";
import { clearLoginFailures, loginRetryAfterSeconds, recordLoginFailure } from "./login-throttle.js";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.js";
import { createSession } from "./sessions.js";
import { splitFullName, type UserRow } from "./user-view.js";

export interface AuthDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  sessionSecret: string;
}

/** Any fixed number: serialises concurrent sign-ups so only one can be "the first". */
const FIRST_USER_LOCK = 7_340_001;

export async function signUp(deps: AuthDeps, input: SignupInput): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const created = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_USER_LOCK})`);
    const existing = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    if (existing.length) throw new HttpError(409, MESSAGES.duplicateEmail);
    const [{ n }] = await tx.select({ n: count() }).from(users);
    const isFirst = n === 0;
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        fullName: input.fullName,
        ...splitFullName(input.fullName),
        companyName: input.companyName,
        phoneNumber: input.phoneNumber,
        address: input.address,
        isAdmin: isFirst,
        approvalStatus: isFirst ? "approved" : "pending",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row;
  });
  if (created.approvalStatus === "pending") {
    await deps.bus.publish({ type: "user_signup", userEmail: created.email });
  }
  await deps.bus.publish({ type: "stats_changed" });
  return created;
}

export async function logIn(
  deps: AuthDeps,
  input: LoginInput,
  ip: string,
): Promise<{ user: UserRow; sessionId: string }> {
  const now = deps.clock.now();
  const retryAfter = await loginRetryAfterSeconds(deps.db, input.email, ip, now);
  if (retryAfter > 0) {
    throw new HttpError(429, "Too many failed sign-in attempts. Please try again later.", {
      "Retry-After": String(retryAfter),
    });
  }
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password).then(() => false);
  if (!user || !passwordOk) {
    await recordLoginFailure(deps.db, input.email, ip, now);
    throw new HttpError(401, MESSAGES.badCredentials);
  }
  if (user.approvalStatus === "pending") throw new HttpError(403, MESSAGES.pending);
  if (user.approvalStatus === "denied") throw new HttpError(403, MESSAGES.denied);
  await clearLoginFailures(deps.db, input.email);
  const sessionId = await createSession(deps.db, deps.sessionSecret, user.id, now);
  return { user, sessionId };
}

/** Creates or promotes an approved admin; used by the admin:create CLI. */
export async function createAdmin(deps: AuthDeps, email: string, password: string): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  const [existing] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    const [row] = await deps.db
      .update(users)
      .set({ passwordHash, isAdmin: true, approvalStatus: "approved", updatedAt: now })
      .where(eq(users.id, existing.id))
      .returning();
    return row;
  }
  const [row] = await deps.db
    .insert(users)
    .values({
      email,
      passwordHash,
      fullName: "Administrator",
      firstName: "Administrator",
      companyName: "Administration",
      phoneNumber: "-",
      address: "-",
      isAdmin: true,
      approvalStatus: "approved",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}
