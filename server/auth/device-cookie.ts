/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): after a
 * successful sign-in the browser gets `nonce.signature`, the signature an HMAC over the
 * account's email and the nonce. A browser presenting one for the account it is signing in
 * to has signed in there before, so it is judged by its own failures, not the account's.
 * The email is not in the cookie: the signature is checked against the email being tried.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { DEVICE_COOKIE_DAYS } from "../../contracts/limits.js";

export const DEVICE_COOKIE = "device";
export const DEVICE_COOKIE_MAX_AGE_SECONDS = DEVICE_COOKIE_DAYS * 24 * 60 * 60;
/** Only sign-in reads it, so no other request carries it. */
export const DEVICE_COOKIE_PATH = "/api/login";

function sign(secret: string, email: string, nonce: string): string {
  // The prefix keeps these signatures apart from the session-id HMACs made with the same secret.
  return createHmac("sha256", secret).update(`device-cookie|${email}|${nonce}`).digest("base64url");
}

export function issueDeviceCookie(secret: string, email: string): string {
  const nonce = randomBytes(16).toString("base64url");
  return `${nonce}.${sign(secret, email, nonce)}`;
}

/** The cookie's nonce (its device id) when it was issued for this email, else null. */
export function trustedDeviceId(secret: string, email: string, cookie: string | undefined): string | null {
  if (!cookie) return null;
  const [nonce, signature, ...rest] = cookie.split(".");
  if (!nonce || !signature || rest.length) return null;
  const expected = Buffer.from(sign(secret, email, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}
