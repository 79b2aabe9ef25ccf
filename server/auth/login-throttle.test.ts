import { errorBody } from "../../contracts/errors.js";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditRows } from "../test-support/inserted-records.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type Engine, type TestApp } from "../test-support/test-app.js";
import { throttleDelaySeconds } from "./login-throttle.js";

const SECOND = 1000;

describe("the throttle's delay", () => {
  it("is none while failures are free, then doubles from one second up to its cap", () => {
    expect([4, 5, 6, 7, 14].map((n) => throttleDelaySeconds(n, 5, 900))).toEqual([0, 1, 2, 4, 512]);
    expect(throttleDelaySeconds(15, 5, 900)).toBe(900);
    expect(throttleDelaySeconds(10_000, 5, 900)).toBe(900);
  });
});

describeEachEngine("sign-in throttling", (engine) => {
  let t: TestApp;
  const start = async (env?: Record<string, string>) => {
    t = await startTestApp(engine as Engine, { env });
  };
  beforeEach(() => start());
  afterEach(() => t.close());

  const login = (email: string, password: string, from: { ip: string; device?: string }) =>
    t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email, password },
      remoteAddress: from.ip,
      headers: from.device ? { cookie: `device=${from.device}` } : {},
    });
  const failTimes = async (n: number, email: string, from: { ip: string; device?: string }) => {
    for (let i = 0; i < n; i++) expect((await login(email, "wrong-password", from)).statusCode).toBe(401);
  };
  /** An attacker's guess: wrong, or refused by the throttle; either way it does not get in. */
  const guess = async (email: string, ip: string) => {
    const res = await login(email, "wrong-password", { ip });
    expect([401, 429]).toContain(res.statusCode);
    return res;
  };
  const deviceCookieOf = (res: LightMyRequestResponse) => {
    const cookie = res.cookies.find((c) => c.name === "device");
    if (!cookie) throw new Error(`no device cookie (status ${res.statusCode})`);
    return cookie.value;
  };
  /** Signs in once from `ip`, as the owner's browser would, and returns its device cookie. */
  const ownersBrowser = async (u: MadeUser, ip: string) => {
    const res = await login(u.email, u.password, { ip });
    expect(res.statusCode).toBe(200);
    return deviceCookieOf(res);
  };
  const expectRefused = (res: LightMyRequestResponse, retryAfterSeconds: number) => {
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBe(String(retryAfterSeconds));
    expect(res.json()).toEqual(errorBody("SIGN_IN_THROTTLED", { retryAfterSeconds }));
  };
  const retryAfterOf = (res: LightMyRequestResponse) => Number(res.headers["retry-after"] ?? 0);

  it("lets a real user in from an address where ten made-up emails just failed", async () => {
    for (let i = 0; i < 10; i++) await failTimes(1, `guess${i}@example.com`, { ip: "10.0.0.5" });
    const u = await makeUser(t);
    expect((await login(u.email, u.password, { ip: "10.0.0.5" })).statusCode).toBe(200);
  });

  it("lets a user without a device cookie in from a new browser while wrong passwords pour in from other addresses", async () => {
    const u = await makeUser(t);
    // The attack: 30 from 3 addresses; then 200 more from 20 networks.
    for (const ip of ["10.9.0.1", "10.9.1.1", "10.9.2.1"]) for (let i = 0; i < 10; i++) await guess(u.email, ip);
    expect((await login(u.email, u.password, { ip: "10.7.7.7" })).statusCode).toBe(200);
    for (let net = 0; net < 20; net++) for (let i = 0; i < 10; i++) await guess(u.email, `10.8.${net}.1`);
    expect((await login(u.email, u.password, { ip: "192.168.4.4" })).statusCode).toBe(200);
  });

  it("slows one account from one address after five failures, doubling the wait each time, and not from another address", async () => {
    const u = await makeUser(t);
    await failTimes(5, u.email, { ip: "10.0.0.4" });
    for (const wait of [1, 2, 4, 8, 16, 32, 64, 128, 256]) {
      expectRefused(await login(u.email, u.password, { ip: "10.0.0.4" }), wait);
      t.clock.advance(wait * SECOND);
      await failTimes(1, u.email, { ip: "10.0.0.4" });
    }
    const refused = await login(u.email, u.password, { ip: "10.0.0.4" });
    expectRefused(refused, 512);
    expect(refused.json().message).toBe("Too many failed sign-in attempts. Try again in 9 minutes.");
    expect((await login(u.email, u.password, { ip: "10.0.9.6" })).statusCode).toBe(200);
  });

  it("counts Retry-After down with the clock and lets the user in once the wait is over", async () => {
    const u = await makeUser(t);
    await failTimes(5, u.email, { ip: "10.0.0.9" });
    for (const wait of [1, 2, 4, 8]) {
      t.clock.advance(wait * SECOND);
      await failTimes(1, u.email, { ip: "10.0.0.9" });
    }
    const first = await login(u.email, u.password, { ip: "10.0.0.9" });
    expectRefused(first, 16);
    expect(first.json().message).toBe("Too many failed sign-in attempts. Try again in 16 seconds.");
    t.clock.advance(15 * SECOND);
    const lastSecond = await login(u.email, u.password, { ip: "10.0.0.9" });
    expectRefused(lastSecond, 1);
    expect(lastSecond.json().message).toBe("Too many failed sign-in attempts. Try again in 1 second.");
    t.clock.advance(SECOND);
    expect((await login(u.email, u.password, { ip: "10.0.0.9" })).statusCode).toBe(200);
  });

  it("lets the owner in from a browser with a device cookie while the account is being guessed from its address", async () => {
    const u = await makeUser(t);
    const device = await ownersBrowser(u, "10.0.0.1");
    await failTimes(5, u.email, { ip: "10.0.0.1" });
    expectRefused(await login(u.email, u.password, { ip: "10.0.0.1" }), 1);
    expect((await login(u.email, u.password, { ip: "10.0.0.1", device })).statusCode).toBe(200);
  });

  it("sets the device cookie HttpOnly, SameSite=Lax, for sign-in only, for a year, and trusts it for that account alone", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const res = await login(a.email, a.password, { ip: "10.0.0.2" });
    const cookie = res.cookies.find((c) => c.name === "device");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/login", maxAge: 365 * 24 * 3600 });
    const device = deviceCookieOf(res);

    await failTimes(5, b.email, { ip: "10.0.0.2" });
    expectRefused(await login(b.email, b.password, { ip: "10.0.0.2", device }), 1);
    const [nonce] = device.split(".");
    expectRefused(await login(b.email, b.password, { ip: "10.0.0.2", device: `${nonce}.forged` }), 1);
  });

  it("holds a browser with a device cookie to its own limit, which does not count against the account", async () => {
    const u = await makeUser(t);
    const device = await ownersBrowser(u, "10.0.0.3");
    await failTimes(10, u.email, { ip: "10.0.0.3", device });
    expectRefused(await login(u.email, u.password, { ip: "10.0.0.3", device }), 1);
    expect((await login(u.email, u.password, { ip: "10.0.0.3" })).statusCode).toBe(200);
  });

  it("slows an address that guessed a hundred emails by at most a minute, so a colleague behind the same NAT gets in within it", async () => {
    const colleague = await makeUser(t);
    let longestWait = 0;
    for (let i = 0; i < 100; i++) {
      let res = await guess(`guess${i}@example.com`, "10.0.0.7");
      if (res.statusCode === 429) {
        longestWait = Math.max(longestWait, retryAfterOf(res));
        t.clock.advance(retryAfterOf(res) * SECOND);
        res = await guess(`guess${i}@example.com`, "10.0.0.7");
        expect(res.statusCode).toBe(401);
      }
    }
    expect(longestWait).toBe(60);
    const res = await login(colleague.email, colleague.password, { ip: "10.0.0.7" });
    if (res.statusCode === 429) {
      expect(retryAfterOf(res)).toBeLessThanOrEqual(60);
      t.clock.advance(retryAfterOf(res) * SECOND);
    } else expect(res.statusCode).toBe(200);
    expect((await login(colleague.email, colleague.password, { ip: "10.0.0.7" })).statusCode).toBe(200);
    expect((await login(colleague.email, colleague.password, { ip: "10.0.0.8" })).statusCode).toBe(200);
  });

  it("counts an IPv4 /24 and an IPv6 /64 as one range: fifty addresses in it cannot rotate past the throttle", async () => {
    const u = await makeUser(t);
    for (let i = 1; i <= 50; i++) await failTimes(1, `guess${i}@example.com`, { ip: `10.1.2.${i}` });
    expectRefused(await login(u.email, u.password, { ip: "10.1.2.200" }), 1);
    expect((await login(u.email, u.password, { ip: "10.1.3.1" })).statusCode).toBe(200);

    for (let i = 1; i <= 50; i++) {
      await failTimes(1, `guess${i}@example.com`, { ip: `2001:db8:1:2::${i.toString(16)}` });
    }
    expectRefused(await login(u.email, u.password, { ip: "2001:db8:1:2:ffff::1" }), 1);
    expect((await login(u.email, u.password, { ip: "2001:db8:1:3::1" })).statusCode).toBe(200);
  });

  it("locks the account for browsers it does not know only at the configured volume, and an admin's unlock lets the owner in at once", async () => {
    await t.close();
    await start({ LOGIN_ACCOUNT_LOCK_FAILURES: "40" });
    const admin = await makeOwner(t);
    const u = await makeUser(t);
    const device = await ownersBrowser(u, "192.168.1.1");
    // One guess from each of forty networks: no address or range is slowed, the account is.
    for (let net = 0; net < 39; net++) await failTimes(1, u.email, { ip: `10.${net}.0.1` });
    expect((await login(u.email, u.password, { ip: "172.16.0.1" })).statusCode).toBe(200);
    await failTimes(1, u.email, { ip: "10.39.0.1" });
    const locked = await login(u.email, u.password, { ip: "172.16.0.2" });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers["retry-after"]).toBe("3600");
    expect(locked.json()).toEqual(errorBody("ACCOUNT_LOCKED", { retryAfterSeconds: 3600 }));
    expect((await login(u.email, u.password, { ip: "172.16.0.2", device })).statusCode).toBe(200);

    const unlock = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${u.id}/unlock`,
      headers: { cookie: admin.cookie },
    });
    expect(unlock.statusCode).toBe(200);
    expect(unlock.json()).toEqual({ message: "Sign-in unlocked", failuresForgiven: 40 });
    expect((await login(u.email, u.password, { ip: "172.16.0.2" })).statusCode).toBe(200);
    const [row] = await auditRows(t.deps.db.db, "user.unlock_sign_in");
    expect(row).toMatchObject({
      actorId: admin.id,
      targetId: u.id,
      detail: { email: u.email, failuresForgiven: 40 },
    });
  });

  it("answers an unlock of a user that does not exist with 404", async () => {
    const admin = await makeOwner(t);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/admin/users/${id}/unlock`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  // One PGlite connection runs statements one at a time, so every earlier attempt is visible to
  // a later one and exactly five get through. PostgreSQL inserts on parallel connections, where an
  // earlier attempt can still be uncommitted when a later one counts, so the bound is looser.
  it.runIf(engine === "pglite")(
    "lets no more than five of a burst of parallel guesses reach the password check",
    async () => {
      const u = await makeUser(t);
      const burst = await Promise.all(
        Array.from({ length: 30 }, () => login(u.email, "wrong-password", { ip: "10.0.0.11" })),
      );
      const statuses = burst.map((res) => res.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(25);
      expectRefused(await login(u.email, u.password, { ip: "10.0.0.11" }), 1);
    },
  );
});
