import { afterEach, describe, expect, it } from "vitest";
import {
  hashPassword,
  PASSWORD_HASH_COST,
  setPasswordHashCostForTests,
  TEST_PASSWORD_HASH_COST,
  verifyPassword,
} from "./passwords.js";

describe("password hashes", () => {
  afterEach(() => setPasswordHashCostForTests(PASSWORD_HASH_COST));

  it("are argon2id at OWASP's cost (19 MiB, two passes, one lane), and verify only the right password", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, "correct horse battery")).toBe(true);
    expect(await verifyPassword(stored, "correct horse batterY")).toBe(false);
    expect(await verifyPassword("not a hash", "correct horse battery")).toBe(false);
  });

  it("made at the tests' least cost carry that cost, and verify the same way", async () => {
    setPasswordHashCostForTests(TEST_PASSWORD_HASH_COST);
    const stored = await hashPassword("secret123");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(stored, "secret123")).toBe(true);
    expect(await verifyPassword(stored, "secret124")).toBe(false);
  });
});
