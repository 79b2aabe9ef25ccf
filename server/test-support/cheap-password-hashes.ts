/**
 * Vitest setup file of the database lane: passwords hashed at argon2id's least cost
 * (passwords.ts). The real cost is checked by server/auth/passwords.test.ts, in the unit lane.
 */
import { setPasswordHashCostForTests, TEST_PASSWORD_HASH_COST } from "../auth/passwords.js";

setPasswordHashCostForTests(TEST_PASSWORD_HASH_COST);
