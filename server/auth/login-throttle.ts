/**
 * Brute-force protection for sign-in that throttles the attacker instead of locking the owner
 * out (OWASP's authentication cheat sheet and device cookies). Kept in the database so every
 * instance agrees.
 *
 * A browser with a device cookie for the account is judged only by its own failures. Any other
 * attempt is slowed by the failures of its account from its address, of its address on any
 * account, and of its address range (/24, /64) on any account: past a scope's free failures,
 * the next attempt waits a delay after the scope's latest failure that doubles with each
 * further failure, up to a cap. So no failures from other addresses ever slow a user, and an
 * office's colleagues behind one NAT wait at most the shared cap (a minute by default).
 * Only a volume of failures on one account no office could produce (a thousand an hour by
 * default, from dozens of throttled networks) locks the account for browsers without its
 * device cookie, and an admin's unlock (forgiveLoginFailures) lifts that at once.
 *
 * An attempt is written down as a failure before its password is checked and judged by the
 * failures written before it, so a burst of parallel guesses cannot all pass the check while
 * each one's password hash is still being computed. A refused attempt withdraws its row, so
 * hammering a refusal never lengthens it; a right password clears the client's own failures.
 */
import {
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_THROTTLE_BASE_DELAY_SECONDS,
  LOGIN_THROTTLE_FREE_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_THROTTLE_FREE_PER_ADDRESS,
  LOGIN_THROTTLE_FREE_PER_DEVICE,
  LOGIN_THROTTLE_FREE_PER_RANGE,
  LOGIN_ACCOUNT_LOCK_FAILURES_DEFAULT,
  LOGIN_ACCOUNT_LOCK_WINDOW_MINUTES_DEFAULT,
  LOGIN_THROTTLE_MAX_DELAY_SECONDS_DEFAULT,
  LOGIN_THROTTLE_SHARED_MAX_DELAY_SECONDS_DEFAULT,
} from "../../contracts/limits.js";
import type { Db } from "../db/connect.js";
import {
  deleteLoginFailure,
  deleteLoginFailuresOf,
  deleteOldLoginFailures,
  failureStanding,
  insertLoginFailure,
  limitReachingFailureTime,
  type EarlierFailures,
  type FailureOrigin,
  type FailureScope,
} from "./queries.js";

const MINUTE_MS = 60 * 1000;

/** The operator's knobs (server/config.ts); the free counts and the base delay are contracts/limits.ts's. */
export interface SignInThrottleSettings {
  /** Cap of the delay for one account from one address, and for one device. */
  maxDelaySeconds: number;
  /** Cap of the delay for a whole address or range, which colleagues behind one NAT share. */
  sharedMaxDelaySeconds: number;
  accountLockFailures: number;
  accountLockWindowMinutes: number;
}

export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleSettings = {
  maxDelaySeconds: LOGIN_THROTTLE_MAX_DELAY_SECONDS_DEFAULT,
  sharedMaxDelaySeconds: LOGIN_THROTTLE_SHARED_MAX_DELAY_SECONDS_DEFAULT,
  accountLockFailures: LOGIN_ACCOUNT_LOCK_FAILURES_DEFAULT,
  accountLockWindowMinutes: LOGIN_ACCOUNT_LOCK_WINDOW_MINUTES_DEFAULT,
};

/** Who is trying: the address and range as counted (login-address.ts), the device cookie's nonce or null. */
export type SignInAttempt = FailureOrigin;

/** Zero seconds: go ahead. Otherwise wait; `locked` says the account-wide lock is why. */
export interface SignInVerdict {
  retryAfterSeconds: number;
  locked: boolean;
}

interface Throttle {
  scope: FailureScope;
  free: number;
  maxDelaySeconds: number;
}

function throttlesFor(attempt: SignInAttempt, settings: SignInThrottleSettings): Throttle[] {
  const { maxDelaySeconds, sharedMaxDelaySeconds } = settings;
  if (attempt.deviceId) {
    return [
      { scope: { kind: "device", device: attempt.deviceId }, free: LOGIN_THROTTLE_FREE_PER_DEVICE, maxDelaySeconds },
    ];
  }
  return [
    {
      scope: { kind: "account-address", email: attempt.email, ip: attempt.ip },
      free: LOGIN_THROTTLE_FREE_PER_ACCOUNT_AND_ADDRESS,
      maxDelaySeconds,
    },
    {
      scope: { kind: "address", ip: attempt.ip },
      free: LOGIN_THROTTLE_FREE_PER_ADDRESS,
      maxDelaySeconds: sharedMaxDelaySeconds,
    },
    {
      scope: { kind: "range", range: attempt.range },
      free: LOGIN_THROTTLE_FREE_PER_RANGE,
      maxDelaySeconds: sharedMaxDelaySeconds,
    },
  ];
}

/** The delay after a scope's latest failure once it has `failures`: none while free, then doubling to the cap. */
export function throttleDelaySeconds(failures: number, free: number, maxDelaySeconds: number): number {
  if (failures < free) return 0;
  const doublings = Math.min(failures - free, 30);
  return Math.min(maxDelaySeconds, LOGIN_THROTTLE_BASE_DELAY_SECONDS * 2 ** doublings);
}

async function throttleWaitMs(db: Db, throttle: Throttle, earlier: EarlierFailures, now: Date): Promise<number> {
  const { count, latest } = await failureStanding(db, throttle.scope, earlier);
  const delay = throttleDelaySeconds(count, throttle.free, throttle.maxDelaySeconds);
  if (delay === 0 || !latest) return 0;
  return latest.getTime() + delay * 1000 - now.getTime();
}

async function accountLockWaitMs(
  db: Db,
  attempt: SignInAttempt,
  settings: SignInThrottleSettings,
  beforeId: number,
  now: Date,
): Promise<number> {
  if (attempt.deviceId) return 0;
  const windowMs = settings.accountLockWindowMinutes * MINUTE_MS;
  const since = new Date(now.getTime() - windowMs);
  const reached = await limitReachingFailureTime(
    db,
    { kind: "account", email: attempt.email },
    settings.accountLockFailures,
    { since, beforeId },
  );
  return reached ? reached.getTime() + windowMs - now.getTime() : 0;
}

/**
 * Records the attempt (as a failure until the password proves otherwise) and answers whether
 * the client must wait first; when it must, the attempt is withdrawn again.
 */
export async function startSignInAttempt(
  db: Db,
  attempt: SignInAttempt,
  now: Date,
  settings: SignInThrottleSettings = DEFAULT_SIGN_IN_THROTTLE,
): Promise<SignInVerdict> {
  const id = await insertLoginFailure(db, { ...attempt, createdAt: now });
  const earlier = { since: new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MINUTES * MINUTE_MS), beforeId: id };
  const [lockMs, ...throttleMs] = await Promise.all([
    accountLockWaitMs(db, attempt, settings, id, now),
    ...throttlesFor(attempt, settings).map((throttle) => throttleWaitMs(db, throttle, earlier, now)),
  ]);
  const waitMs = Math.max(lockMs, ...throttleMs);
  if (waitMs <= 0) return { retryAfterSeconds: 0, locked: false };
  await deleteLoginFailure(db, id);
  return { retryAfterSeconds: Math.ceil(waitMs / 1000), locked: lockMs > 0 };
}

/** The password was wrong: the attempt's row stays; rows past both windows are trimmed. */
export async function finishFailedSignIn(
  db: Db,
  attempt: SignInAttempt,
  now: Date,
  settings: SignInThrottleSettings = DEFAULT_SIGN_IN_THROTTLE,
): Promise<void> {
  // Trimming here keeps the table small without a scheduler.
  const keepMinutes = Math.max(LOGIN_FAILURE_WINDOW_MINUTES, settings.accountLockWindowMinutes);
  await deleteOldLoginFailures(db, attempt, new Date(now.getTime() - keepMinutes * MINUTE_MS));
}

/** The password was right: this attempt and the typos this client made before it no longer count. */
export async function forgetSignInFailures(db: Db, attempt: SignInAttempt): Promise<void> {
  await deleteLoginFailuresOf(db, attempt);
}
