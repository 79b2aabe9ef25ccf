/**
 * A guest's token: the guest's id and expiry, signed with the instance's session secret. No
 * account stands behind it; the guests row it names (and its expiry) is checked on every use,
 * so deleting the row or the agent ends the session on every instance.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const PREFIX = "g1";

function signature(secret: string, body: string): string {
  return createHmac("sha256", secret).update(`guest:${body}`).digest("base64url");
}

export function signGuestToken(secret: string, guestId: string, expiresAt: Date): string {
  const body = `${PREFIX}.${guestId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${body}.${signature(secret, body)}`;
}

/** The guest id of a well-signed, unexpired token; null otherwise. */
export function readGuestToken(secret: string, token: string, now: Date): string | null {
  const parts = token.split(".");
  if (parts.length !== 4 || parts[0] !== PREFIX) return null;
  const [, guestId, expires, signed] = parts;
  const expected = Buffer.from(signature(secret, `${PREFIX}.${guestId}.${expires}`));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 <= now.getTime()) return null;
  return /^[0-9a-f-]{36}$/i.test(guestId) ? guestId : null;
}
