/**
 * Secrets a company gives its tools (an MCP server's headers, an HTTP action's token), encrypted
 * at rest with AES-256-GCM (issue 24). The key is `SECRETS_KEY` (32 bytes, base64 or hex) or, when
 * unset, derived from `SESSION_SECRET` with HKDF, so an instance has one without more setup;
 * set `SECRETS_KEY` to keep secrets readable across a session-secret rotation. A sealed value
 * is `v1.<iv>.<tag>.<ciphertext>` in base64url; a tampered or foreign value does not open.
 * Saved secrets are shown only as their last four characters (`hint`).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
const KEY_BYTES = 32;

export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the value was not sealed with this key or was changed since. */
  open(sealed: string): string;
}

/** The 32-byte key: SECRETS_KEY as given, or derived from the session secret. */
export function secretsKey(options: { secretsKey?: string; sessionSecret: string }): Buffer {
  if (options.secretsKey) {
    const text = options.secretsKey.trim();
    const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
    if (key.length !== KEY_BYTES) throw new Error("SECRETS_KEY must be 32 bytes, as 64 hex digits or base64");
    return key;
  }
  return Buffer.from(hkdfSync("sha256", options.sessionSecret, "agentdesk", "tool secrets v1", KEY_BYTES));
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error("A secret box needs a 32-byte key");
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(".");
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("Not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}

/** What the API shows of a saved secret: its last four characters, never more than a quarter of it. */
export function secretHint(plain: string): string {
  const shown = plain.length >= 16 ? plain.slice(-4) : "";
  return `••••${shown}`;
}
