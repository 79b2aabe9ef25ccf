/**
 * What an API key is made of: `adk_` and 32 random bytes in base64url (256 bits), its shown
 * prefix, and the SHA-256 that is all the database keeps (decision 120). A fast hash is enough
 * here because nobody chose the key: there is no small space of likely keys to try.
 */
import { createHash, randomBytes } from "node:crypto";
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS } from "../../../contracts/api-keys.js";

export interface NewApiKey {
  key: string;
  prefix: string;
  hash: string;
}

export function newApiKey(): NewApiKey {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { key, prefix: key.slice(0, API_KEY_SHOWN_CHARS), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** A bearer token that could be one of ours: anything else is refused without a database read. */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX) && token.length === API_KEY_PREFIX.length + 43;
}
