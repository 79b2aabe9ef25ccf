/** Accounts: sign-up (first account owns the instance), sign-in with throttling, sign-out. */
import { type LoginInput, type SignupInput } from "../../contracts/auth.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/connect.js";
import { apiError, retryLater } from "../http/http-error.js";
import type { EventBus } from "../realtime/event-bus.js";
import { issueDeviceCookie, trustedDeviceId } from "./device-cookie.js";
import { signInOrigin } from "./login-address.js";
import {
  finishFailedSignIn,
  forgetSignInFailures,
  startSignInAttempt,
  type SignInThrottleSettings,
} from "./login-throttle.js";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.js";
import {
  findUserByEmail,
  insertUser,
  instanceHasOwner,
  lockAccountCreation,
  markInstanceOwned,
  updateUser,
} from "./queries.js";
import { createSession } from "./sessions.js";
import { splitFullName, type UserRow } from "./user-view.js";

export interface AuthDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  sessionSecret: string;
  /** The operator's sign-in throttle settings; the defaults when absent (the CLI never signs in). */
  signInThrottle?: SignInThrottleSettings;
}

export async function signUp(deps: AuthDeps, input: SignupInput): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const created = await deps.db.transaction(async (tx) => {
    await lockAccountCreation(tx);
    if (await findUserByEmail(tx, input.email)) throw apiError("EMAIL_TAKEN");
    // Not "no users exist": a system reset or deletions may empty the table, and the next
    // stranger to sign up must not become the owner of an instance that had one.
    const isFirst = !(await instanceHasOwner(tx));
    if (isFirst) await markInstanceOwned(tx, now);
    return insertUser(tx, {
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
    });
  });
  if (created.approvalStatus === "pending") {
    await deps.bus.publish({ type: "user_signup", userEmail: created.email });
  }
  await deps.bus.publish({ type: "stats_changed" });
  return created;
}

/** Who is signing in: the client's address and the device cookie its browser sent, if any. */
export interface SignInClient {
  ip: string;
  deviceCookie: string | undefined;
}

export interface SignedIn {
  user: UserRow;
  sessionId: string;
  /** A fresh device cookie: this browser is now known for this account. */
  deviceCookie: string;
}

export async function logIn(deps: AuthDeps, input: LoginInput, client: SignInClient): Promise<SignedIn> {
  const now = deps.clock.now();
  const origin = signInOrigin(client.ip);
  const attempt = {
    email: input.email,
    ip: origin.address,
    range: origin.range,
    deviceId: trustedDeviceId(deps.sessionSecret, input.email, client.deviceCookie),
  };
  const verdict = await startSignInAttempt(deps.db, attempt, now, deps.signInThrottle);
  if (verdict.retryAfterSeconds > 0) {
    const wait = verdict.retryAfterSeconds;
    throw retryLater(wait, verdict.locked ? "ACCOUNT_LOCKED" : "SIGN_IN_THROTTLED", { retryAfterSeconds: wait });
  }
  const user = await findUserByEmail(deps.db, input.email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password).then(() => false);
  if (!user || !passwordOk) {
    await finishFailedSignIn(deps.db, attempt, now, deps.signInThrottle);
    throw apiError("BAD_CREDENTIALS");
  }
  await forgetSignInFailures(deps.db, attempt);
  if (user.approvalStatus === "pending") throw apiError("ACCOUNT_PENDING");
  if (user.approvalStatus === "denied") throw apiError("ACCOUNT_DENIED");
  const sessionId = await createSession(deps.db, deps.sessionSecret, user.id, now);
  return { user, sessionId, deviceCookie: issueDeviceCookie(deps.sessionSecret, user.email) };
}

/**
 * Creates or promotes an approved admin; used by the admin:create CLI. The instance counts as
 * owned from then on, so a sign-up that follows is pending, like any after the first.
 */
export async function createAdmin(deps: AuthDeps, email: string, password: string): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // The sign-up's lock: a sign-up racing this one must see the instance owned or make it so.
    await lockAccountCreation(tx);
    await markInstanceOwned(tx, now);
    const existing = await findUserByEmail(tx, email);
    if (existing) {
      return updateUser(tx, existing.id, { passwordHash, isAdmin: true, approvalStatus: "approved", updatedAt: now });
    }
    return insertUser(tx, {
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
    });
  });
}
