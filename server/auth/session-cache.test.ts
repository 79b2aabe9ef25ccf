import { describe, expect, it } from "vitest";
import { createSessionCache } from "./session-cache.js";
import type { UserRow } from "./user-view.js";

const T0 = new Date("2026-06-01T09:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const inADay = at(24 * 60 * 60 * 1000);

function user(id: string): UserRow {
  return {
    id,
    email: `${id}@example.com`,
    firstName: null,
    lastName: null,
    fullName: id,
    profileImageUrl: null,
    companyName: "Acme",
    phoneNumber: "1",
    address: "1 Street",
    isAdmin: false,
    approvalStatus: "approved",
    createdAt: T0,
    updatedAt: T0,
  } as UserRow;
}

function filledCache(options = { ttlMs: 5_000, maxEntries: 100 }) {
  const cache = createSessionCache(options);
  const put = (hash: string, id: string, now = T0, sessionExpiresAt = inADay) =>
    cache.set(hash, { user: user(id), sessionExpiresAt }, cache.ticket(), now);
  return { cache, put };
}

describe("session cache", () => {
  it("answers each session hash with its own user only", () => {
    const { cache, put } = filledCache();
    put("hash-a", "alice");
    put("hash-b", "bob");
    expect(cache.get("hash-a", T0)?.id).toBe("alice");
    expect(cache.get("hash-b", T0)?.id).toBe("bob");
    expect(cache.get("hash-c", T0)).toBeUndefined();
  });

  it("trusts an entry for its time-to-live and asks again after it", () => {
    const { cache, put } = filledCache();
    put("hash-a", "alice");
    expect(cache.get("hash-a", at(4_999))?.id).toBe("alice");
    expect(cache.get("hash-a", at(5_000))).toBeUndefined();
  });

  it("asks again when the clock went back", () => {
    const { cache, put } = filledCache();
    put("hash-a", "alice", at(10_000));
    expect(cache.get("hash-a", at(9_999))).toBeUndefined();
  });

  it("stops serving a session once the session itself has expired", () => {
    const { cache, put } = filledCache();
    put("hash-a", "alice", T0, at(1_000));
    expect(cache.get("hash-a", at(999))?.id).toBe("alice");
    expect(cache.get("hash-a", at(1_000))).toBeUndefined();
  });

  it("forgets one session on a sign-out and keeps the user's others", () => {
    const { cache, put } = filledCache();
    put("phone", "alice");
    put("laptop", "alice");
    cache.revoke({ scope: "session", sessionHash: "phone" });
    expect(cache.get("phone", T0)).toBeUndefined();
    expect(cache.get("laptop", T0)?.id).toBe("alice");
  });

  it("forgets every session of a user but the one kept, and nobody else's", () => {
    const { cache, put } = filledCache();
    put("phone", "alice");
    put("laptop", "alice");
    put("desk", "bob");
    cache.revoke({ scope: "user", userId: "alice", keepSessionHash: "laptop" });
    expect(cache.get("phone", T0)).toBeUndefined();
    expect(cache.get("laptop", T0)?.id).toBe("alice");
    expect(cache.get("desk", T0)?.id).toBe("bob");
  });

  it("forgets everything on a system reset", () => {
    const { cache, put } = filledCache();
    put("phone", "alice");
    put("desk", "bob");
    cache.revoke({ scope: "all" });
    expect(cache.size).toBe(0);
  });

  it("does not keep what a lookup read before a revocation arrived", () => {
    const { cache } = filledCache();
    const ticket = cache.ticket(); // the lookup starts and reads the session…
    cache.revoke({ scope: "user", userId: "alice" }); // …the user is denied meanwhile…
    cache.set("phone", { user: user("alice"), sessionExpiresAt: inADay }, ticket, T0); // …and the read comes back.
    expect(cache.get("phone", T0)).toBeUndefined();
  });

  it("holds at most its bound, dropping the oldest entry first", () => {
    const { cache, put } = filledCache({ ttlMs: 5_000, maxEntries: 2 });
    put("first", "a");
    put("second", "b");
    put("third", "c");
    expect(cache.size).toBe(2);
    expect(cache.get("first", T0)).toBeUndefined();
    expect(cache.get("second", T0)?.id).toBe("b");
    expect(cache.get("third", T0)?.id).toBe("c");
  });
});
