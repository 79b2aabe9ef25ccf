/** argon2id password hashing (OWASP's first choice); prebuilt binary, no install script. */
import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id is a const enum, which isolatedModules cannot inline; 2 is its value.
const ARGON2ID = 2;
/** OWASP's argon2id minimum: 19 MiB, two passes, one lane (~20 ms a hash on this machine's cores). */
export const PASSWORD_HASH_COST = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/**
 * The least argon2id accepts, for the server tests only (setPasswordHashCostForTests): they sign
 * up and sign in ~2,300 times, and at the real cost that was ~42 s of the tier's CPU for a
 * property none of them tests. A hash records its own cost, so verifying is unchanged.
 */
export const TEST_PASSWORD_HASH_COST = { memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

let cost: { memoryCost: number; timeCost: number; parallelism: number } = PASSWORD_HASH_COST;

/** Tests only (server/test-support/cheap-password-hashes.ts): the cost of the hashes made from now on. */
export function setPasswordHashCostForTests(next: typeof cost): void {
  cost = next;
  dummyHash = undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...cost });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when the email is unknown keeps timing from revealing which was wrong. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(await dummyHash, password);
}
