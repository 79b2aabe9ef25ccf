/**
 * A person's own account: changing their password. The current password is asked for (a
 * borrowed session must not be enough to take the account over), and a wrong one counts as a
 * failed sign-in, so the sign-in throttle slows guessing here as it does at /api/login.
 */
import { type ChangePasswordInput } from "../../contracts/auth.js";
import { apiError, retryLater } from "../http/http-error.js";
import { trustedDeviceId } from "./device-cookie.js";
import { signInOrigin } from "./login-address.js";
import { finishFailedSignIn, forgetSignInFailures, startSignInAttempt } from "./login-throttle.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { findUserByEmail, updateUser } from "./queries.js";
import { recordAudit } from "../audit/audit-log.js";
import type { AuthDeps, SignInClient } from "./service.js";
import { deleteUserSessions } from "./sessions.js";
import type { UserRow } from "./user-view.js";

/**
 * Sets a new password and signs the person out everywhere but here (`keepSessionHash`): a
 * password changed because it leaked must end the sessions opened with it.
 */
export async function changePassword(
  deps: AuthDeps,
  user: UserRow,
  keepSessionHash: string,
  input: ChangePasswordInput,
  client: SignInClient,
): Promise<void> {
  const now = deps.clock.now();
  const origin = signInOrigin(client.ip);
  const attempt = {
    email: user.email,
    ip: origin.address,
    range: origin.range,
    deviceId: trustedDeviceId(deps.sessionSecret, user.email, client.deviceCookie),
  };
  const verdict = await startSignInAttempt(deps.db, attempt, now, deps.signInThrottle);
  if (verdict.retryAfterSeconds > 0) {
    const wait = verdict.retryAfterSeconds;
    throw retryLater(wait, "SIGN_IN_THROTTLED", { retryAfterSeconds: wait });
  }
  const stored = await findUserByEmail(deps.db, user.email);
  if (!stored || !(await verifyPassword(stored.passwordHash, input.currentPassword))) {
    await finishFailedSignIn(deps.db, attempt, now, deps.signInThrottle);
    throw apiError("WRONG_CURRENT_PASSWORD");
  }
  await forgetSignInFailures(deps.db, attempt);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, updatedAt: now });
    const otherSessions = await deleteUserSessions(tx, user.id, keepSessionHash);
    await recordAudit(tx, user, "user.change_password", { type: "user", id: user.id }, now, {
      otherSessionsEnded: otherSessions,
    });
  });
  await deps.bus.revokeSessions({ scope: "user", userId: user.id, keepSessionHash });
}
