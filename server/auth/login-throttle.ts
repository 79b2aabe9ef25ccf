/**
 * Brute-force protection for sign-in that cannot be turned into a lockout of the owner
 * (OWASP's device cookies). A browser with a device cookie for the account is judged only by
 * its own failures. Any other attempt is refused once its account has too many failures from
 * its address, or from untrusted clients anywhere, or once its address has too many failures
 * on any account (high enough for an office behind one NAT). Kept in the database so every
 * instance agrees.
 *
 * An attempt is written down as a failure before its password is checked and judged by the
 * failures written before it, so a burst of parallel guesses cannot all pass the check while
 * each one's password hash is still being computed. A refused attempt withdraws its row, so
 * waiting always ends a refusal; a right password clears it.
 */
import {
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_FAILURES_PER_ACCOUNT_UNTRUSTED,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_DEVICE,
} from "../../contracts/limits.js";
import type { Db } from "../db/connect.js";
import {
  deleteLoginFailure,
  deleteLoginFailuresOf,
  deleteOldLoginFailures,
  insertLoginFailure,
  limitReachingFailureTime,
  type FailureScope,
} from "./queries.js";

const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60 * 1000;

export interface SignInAttempt {
  email: string;
  /** The client's address as counted (see throttleAddress). */
  ip: string;
  /** The nonce of a valid device cookie for this email, or null for an untrusted client. */
  deviceId: string | null;
}

function limitsFor(attempt: SignInAttempt): [FailureScope, number][] {
  if (attempt.deviceId) return [[{ device: attempt.deviceId }, LOGIN_FAILURES_PER_DEVICE]];
  return [
    [{ email: attempt.email, ip: attempt.ip }, LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS],
    [{ email: attempt.email, untrusted: true }, LOGIN_FAILURES_PER_ACCOUNT_UNTRUSTED],
    [{ ip: attempt.ip, untrusted: true }, LOGIN_FAILURES_PER_ADDRESS],
  ];
}

/**
 * Records the attempt (as a failure until the password proves otherwise) and answers how many
 * seconds the client must wait first; when it must wait, the attempt is withdrawn again.
 */
export async function startSignInAttempt(db: Db, attempt: SignInAttempt, now: Date): Promise<number> {
  const id = await insertLoginFailure(db, { ...attempt, createdAt: now });
  const earlier = { since: new Date(now.getTime() - WINDOW_MS), beforeId: id };
  const reached = await Promise.all(
    limitsFor(attempt).map(([scope, limit]) => limitReachingFailureTime(db, scope, limit, earlier)),
  );
  let waitMs = 0;
  for (const failedAt of reached) {
    if (failedAt) waitMs = Math.max(waitMs, failedAt.getTime() + WINDOW_MS - now.getTime());
  }
  if (waitMs > 0) await deleteLoginFailure(db, id);
  return Math.ceil(waitMs / 1000);
}

/** The password was wrong: the attempt's row stays; rows past the window are trimmed. */
export async function finishFailedSignIn(db: Db, attempt: SignInAttempt, now: Date): Promise<void> {
  // Trimming here keeps the table small without a scheduler.
  await deleteOldLoginFailures(db, attempt, new Date(now.getTime() - WINDOW_MS));
}

/** The password was right: this attempt and the typos this client made before it no longer count. */
export async function forgetSignInFailures(db: Db, attempt: SignInAttempt): Promise<void> {
  await deleteLoginFailuresOf(db, attempt);
}
