import { describe, expect, it } from "vitest";
import { createSecretBox, secretHint, secretsKey } from "./secret-box.js";

const SESSION_SECRET = "session-secret-session-secret-0001";

describe("tool secrets at rest", () => {
  it("seal to text that holds no trace of the secret and open back to it", () => {
    const box = createSecretBox(secretsKey({ sessionSecret: SESSION_SECRET }));
    const sealed = box.seal("Bearer sk-live-0123456789abcdef");
    expect(sealed).not.toContain("sk-live");
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.open(sealed)).toBe("Bearer sk-live-0123456789abcdef");
    // A fresh nonce each time: the same secret never seals to the same text.
    expect(box.seal("same")).not.toBe(box.seal("same"));
  });

  it("refuse a sealed value that was changed, or sealed under another key", () => {
    const box = createSecretBox(secretsKey({ sessionSecret: SESSION_SECRET }));
    const sealed = box.seal("token-1234");
    const [version, iv, tag, data] = sealed.split(".");
    const flipped = Buffer.from(data, "base64url");
    flipped[0] ^= 1;
    expect(() => box.open([version, iv, tag, flipped.toString("base64url")].join("."))).toThrow();
    const other = createSecretBox(secretsKey({ sessionSecret: "another-session-secret-another-000" }));
    expect(() => other.open(sealed)).toThrow();
    expect(() => box.open("plain text")).toThrow(/Not a sealed secret/);
  });

  it("take SECRETS_KEY as hex or base64 when set, and refuse a key of the wrong size", () => {
    const hex = "ab".repeat(32);
    expect(secretsKey({ secretsKey: hex, sessionSecret: SESSION_SECRET }).toString("hex")).toBe(hex);
    const base64 = Buffer.alloc(32, 7).toString("base64");
    expect(secretsKey({ secretsKey: base64, sessionSecret: SESSION_SECRET })).toEqual(Buffer.alloc(32, 7));
    expect(() => secretsKey({ secretsKey: "short", sessionSecret: SESSION_SECRET })).toThrow(/32 bytes/);
  });

  it("are shown only as their last four characters, and not even those when short", () => {
    expect(secretHint("sk-live-0123456789abcd1234")).toBe("••••1234");
    expect(secretHint("tiny-secret")).toBe("••••");
  });
});
