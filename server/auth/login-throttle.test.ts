import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, expect, it } from "vitest";
import { signInRetryMessage } from "../../contracts/auth.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";

const MINUTE = 60 * 1000;

describeEachEngine("sign-in throttling", (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(engine);
  });
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
    expect(res.json()).toEqual({ message: signInRetryMessage(retryAfterSeconds) });
  };

  it("lets a real user in from an address where ten made-up emails just failed", async () => {
    for (let i = 0; i < 10; i++) await failTimes(1, `guess${i}@example.com`, { ip: "10.0.0.5" });
    const u = await makeUser(t);
    expect((await login(u.email, u.password, { ip: "10.0.0.5" })).statusCode).toBe(200);
  });

  it("lets the owner in from a browser with a device cookie while attackers have locked the account", async () => {
    const u = await makeUser(t);
    const device = await ownersBrowser(u, "10.0.0.1");

    await failTimes(10, u.email, { ip: "10.0.0.1" });
    expectRefused(await login(u.email, u.password, { ip: "10.0.0.1" }), 900);
    expect((await login(u.email, u.password, { ip: "10.0.0.1", device })).statusCode).toBe(200);

    // Twenty more from elsewhere reach the account-wide limit for browsers it does not know.
    await failTimes(10, u.email, { ip: "10.9.0.1" });
    await failTimes(10, u.email, { ip: "10.9.0.2" });
    expectRefused(await login(u.email, u.password, { ip: "10.7.7.7" }), 900);
    expect((await login(u.email, u.password, { ip: "10.7.7.7", device })).statusCode).toBe(200);
  });

  it("sets the device cookie HttpOnly, SameSite=Lax, for sign-in only, for a year, and trusts it for that account alone", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const res = await login(a.email, a.password, { ip: "10.0.0.2" });
    const cookie = res.cookies.find((c) => c.name === "device");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/login", maxAge: 365 * 24 * 3600 });
    const device = deviceCookieOf(res);

    await failTimes(10, b.email, { ip: "10.0.0.2" });
    expectRefused(await login(b.email, b.password, { ip: "10.0.0.2", device }), 900);
    const [nonce] = device.split(".");
    expectRefused(await login(b.email, b.password, { ip: "10.0.0.2", device: `${nonce}.forged` }), 900);
  });

  it("holds a browser with a device cookie to its own limit, which does not count against the account", async () => {
    const u = await makeUser(t);
    const device = await ownersBrowser(u, "10.0.0.3");
    await failTimes(10, u.email, { ip: "10.0.0.3", device });
    expectRefused(await login(u.email, u.password, { ip: "10.0.0.3", device }), 900);
    expect((await login(u.email, u.password, { ip: "10.0.0.3" })).statusCode).toBe(200);
  });

  it("refuses an account from one address after ten failures there, saying when to retry, and not from another", async () => {
    const u = await makeUser(t);
    await failTimes(10, u.email, { ip: "10.0.0.4" });
    const refused = await login(u.email, u.password, { ip: "10.0.0.4" });
    expectRefused(refused, 900);
    expect(refused.json().message).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect((await login(u.email, u.password, { ip: "10.0.0.6" })).statusCode).toBe(200);
  });

  it("counts an IPv6 /64 as one address", async () => {
    const u = await makeUser(t);
    for (let i = 1; i <= 10; i++) await failTimes(1, u.email, { ip: `2001:db8:1:2::${i.toString(16)}` });
    expectRefused(await login(u.email, u.password, { ip: "2001:db8:1:2:ffff::1" }), 900);
    expect((await login(u.email, u.password, { ip: "2001:db8:1:3::1" })).statusCode).toBe(200);
  });

  it("refuses an address after 100 failures on any accounts, not before", async () => {
    const u = await makeUser(t);
    for (let i = 0; i < 99; i++) await failTimes(1, `guess${i}@example.com`, { ip: "10.0.0.7" });
    expect((await login(u.email, u.password, { ip: "10.0.0.7" })).statusCode).toBe(200);
    await failTimes(1, "guess99@example.com", { ip: "10.0.0.7" });
    expectRefused(await login(u.email, u.password, { ip: "10.0.0.7" }), 900);
    expect((await login(u.email, u.password, { ip: "10.0.0.8" })).statusCode).toBe(200);
  });

  it("counts Retry-After down with the clock and lets the user in once the window has passed", async () => {
    const u = await makeUser(t);
    await failTimes(10, u.email, { ip: "10.0.0.9" });
    expectRefused(await login(u.email, u.password, { ip: "10.0.0.9" }), 900);
    t.clock.advance(5 * MINUTE);
    const later = await login(u.email, u.password, { ip: "10.0.0.9" });
    expectRefused(later, 600);
    expect(later.json().message).toBe("Too many failed sign-in attempts. Try again in 10 minutes.");
    t.clock.advance(10 * MINUTE - 1000);
    const lastSecond = await login(u.email, u.password, { ip: "10.0.0.9" });
    expectRefused(lastSecond, 1);
    expect(lastSecond.json().message).toBe("Too many failed sign-in attempts. Try again in 1 minute.");
    t.clock.advance(1000);
    expect((await login(u.email, u.password, { ip: "10.0.0.9" })).statusCode).toBe(200);
  });
  // One PGlite connection runs statements one at a time, so every earlier attempt is visible to
  // a later one and exactly ten get through. PostgreSQL inserts on parallel connections, where an
  // earlier attempt can still be uncommitted when a later one counts, so the bound is looser.
  it.runIf(engine === "pglite")(
    "lets no more than ten of a burst of parallel guesses reach the password check",
    async () => {
      const u = await makeUser(t);
      const burst = await Promise.all(
        Array.from({ length: 30 }, () => login(u.email, "wrong-password", { ip: "10.0.0.11" })),
      );
      const statuses = burst.map((res) => res.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      expectRefused(await login(u.email, u.password, { ip: "10.0.0.11" }), 900);
    },
  );
});
