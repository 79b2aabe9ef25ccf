import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGuardedFetch, OutboundRefused, type ResolvedAddress, type Resolver } from "./guarded-fetch.js";
import { isNonPublicAddress } from "./outbound-addresses.js";
import { DEFAULT_OUTBOUND_LIMITS, hostAllowed, type OutboundLimits, type OutboundPolicy } from "./outbound-policy.js";

/** A loopback server standing for every host of the tests; it records each request it reads. */
let server: Server;
let port: number;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.headers.host}${req.url}`);
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/ok") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ price: 42 }));
    }
    if (url.pathname === "/redirect") {
      res.writeHead(302, { location: url.searchParams.get("to") ?? "/ok" });
      return res.end();
    }
    if (url.pathname === "/big") {
      res.writeHead(200, { "content-type": "text/plain" });
      return res.end("x".repeat(64 * 1024));
    }
    if (url.pathname === "/page") {
      res.writeHead(200, { "content-type": "text/html" });
      return res.end("<html></html>");
    }
    // /hang: headers and body never come.
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A resolver the test controls: each name answers its list of addresses in turn (the last one repeats). */
function resolverOf(answers: Record<string, string[][]>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const turns = new Map<string, number>();
  const resolve = (async (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    const list = answers[hostname];
    if (!list) throw Object.assign(new Error(`no such host ${hostname}`), { code: "ENOTFOUND" });
    const turn = turns.get(hostname) ?? 0;
    turns.set(hostname, turn + 1);
    return list[Math.min(turn, list.length - 1)].map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  }) as Resolver & { asked: string[] };
  resolve.asked = asked;
  return resolve;
}

const limits = (overrides: Partial<OutboundLimits> = {}): OutboundLimits => ({
  ...DEFAULT_OUTBOUND_LIMITS,
  timeoutMs: 30_000,
  ...overrides,
});

async function refusal(promise: Promise<unknown>): Promise<OutboundRefused> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundRefused);
  return error as OutboundRefused;
}

describe("the guarded outbound client", () => {
  it("reaches an allowed host and reads its answer", async () => {
    const policy: OutboundPolicy = { allowedHosts: ["prices.test"], allowPrivateNetworks: true };
    const fetch = createGuardedFetch(policy, limits(), resolverOf({ "prices.test": [["127.0.0.1"]] }));
    const answer = await fetch({ url: `http://prices.test:${port}/ok` });
    await fetch.close();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({ price: 42 });
  });

  it("sends nothing to a host outside the allowed list", async () => {
    const before = seen.length;
    const policy: OutboundPolicy = { allowedHosts: ["prices.test"], allowPrivateNetworks: true };
    const resolve = resolverOf({ "evil.test": [["127.0.0.1"]] });
    const fetch = createGuardedFetch(policy, limits(), resolve);
    expect((await refusal(fetch({ url: `http://evil.test:${port}/ok` }))).reason).toBe("host-not-allowed");
    await fetch.close();
    expect(resolve.asked).toEqual([]);
    expect(seen.length).toBe(before);
  });

  it("refuses a name that resolves to a loopback or private address unless the policy allows private networks", async () => {
    const before = seen.length;
    const fetch = createGuardedFetch(
      { allowedHosts: [], allowPrivateNetworks: false },
      limits(),
      resolverOf({ "inside.test": [["127.0.0.1"]], "metadata.test": [["169.254.169.254"]] }),
    );
    expect((await refusal(fetch({ url: `http://inside.test:${port}/ok` }))).reason).toBe("private-address");
    expect((await refusal(fetch({ url: `http://metadata.test:${port}/ok` }))).reason).toBe("private-address");
    expect((await refusal(fetch({ url: `http://127.0.0.1:${port}/ok` }))).reason).toBe("private-address");
    expect((await refusal(fetch({ url: `http://[::ffff:127.0.0.1]:${port}/ok` }))).reason).toBe("private-address");
    await fetch.close();
    expect(seen.length).toBe(before);
  });

  it("checks the address the connection really uses, so DNS that changes after a first answer cannot slip through", async () => {
    const before = seen.length;
    // The first answer is public (a check made then would pass); every later one is loopback.
    const resolve = resolverOf({ "rebind.test": [["93.184.216.34"], ["127.0.0.1"]] });
    const fetch = createGuardedFetch({ allowedHosts: ["rebind.test"], allowPrivateNetworks: false }, limits(), resolve);
    await resolve("rebind.test");
    expect((await refusal(fetch({ url: `http://rebind.test:${port}/ok` }))).reason).toBe("private-address");
    await fetch.close();
    expect(seen.length).toBe(before);
  });

  it("refuses a redirect to a host or an address the policy does not allow, before following it", async () => {
    const policy: OutboundPolicy = { allowedHosts: ["prices.test"], allowPrivateNetworks: true };
    const fetch = createGuardedFetch(
      policy,
      limits(),
      resolverOf({ "prices.test": [["127.0.0.1"]], "evil.test": [["127.0.0.1"]] }),
    );
    const to = encodeURIComponent(`http://evil.test:${port}/ok`);
    const before = seen.length;
    expect((await refusal(fetch({ url: `http://prices.test:${port}/redirect?to=${to}` }))).reason).toBe(
      "host-not-allowed",
    );
    expect(seen.slice(before)).toEqual([`prices.test:${port}/redirect?to=${to}`]);

    const open = createGuardedFetch({ allowedHosts: [], allowPrivateNetworks: false }, limits(), resolverOf({}));
    const metadata = encodeURIComponent("http://169.254.169.254/latest/meta-data");
    expect((await refusal(open({ url: `http://127.0.0.1:${port}/redirect?to=${metadata}` }))).reason).toBe(
      "private-address",
    );
    await Promise.all([fetch.close(), open.close()]);
  });

  it("follows an allowed redirect, and stops after the redirect limit", async () => {
    const policy: OutboundPolicy = { allowedHosts: ["prices.test"], allowPrivateNetworks: true };
    const fetch = createGuardedFetch(
      policy,
      limits({ maxRedirects: 1 }),
      resolverOf({ "prices.test": [["127.0.0.1"]] }),
    );
    const answer = await fetch({ url: `http://prices.test:${port}/redirect?to=/ok` });
    expect(answer.url).toBe(`http://prices.test:${port}/ok`);
    const twice = encodeURIComponent(`/redirect?to=/ok`);
    expect((await refusal(fetch({ url: `http://prices.test:${port}/redirect?to=${twice}` }))).reason).toBe(
      "too-many-redirects",
    );
    await fetch.close();
  });

  it("cuts an answer past the size cap, refuses a media type outside the list, and gives up on a server that never answers", async () => {
    const policy: OutboundPolicy = { allowedHosts: [], allowPrivateNetworks: true };
    const capped = createGuardedFetch(
      policy,
      limits({ maxResponseBytes: 1000, contentTypes: ["application/json", "text/*"] }),
    );
    expect((await refusal(capped({ url: `http://127.0.0.1:${port}/big` }))).reason).toBe("too-large");
    const jsonOnly = createGuardedFetch(policy, limits({ contentTypes: ["application/json"] }));
    expect((await refusal(jsonOnly({ url: `http://127.0.0.1:${port}/page` }))).reason).toBe("content-type");
    // A short bound is the point here: the server never answers, so the bound is what ends it.
    const hasty = createGuardedFetch(policy, limits({ timeoutMs: 200 }));
    expect((await refusal(hasty({ url: `http://127.0.0.1:${port}/hang` }))).reason).toBe("timeout");
    await Promise.all([capped.close(), jsonOnly.close(), hasty.close()]);
  });

  it("refuses schemes other than http and https", async () => {
    const fetch = createGuardedFetch({ allowedHosts: [], allowPrivateNetworks: true }, limits());
    expect((await refusal(fetch({ url: "file:///etc/passwd" }))).reason).toBe("scheme");
    await fetch.close();
  });
});

describe("addresses tools may not reach", () => {
  it("include loopback, private, link-local, CGNAT and IPv4 carried inside IPv6", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:10.0.0.1",
      "64:ff9b::7f00:1",
      "2002:7f00:1::",
      "not-an-address",
    ]) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
  });

  it("leave public addresses reachable", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "64:ff9b::808:808"]) {
      expect(isNonPublicAddress(address), address).toBe(false);
    }
  });
});

describe("allowed host patterns", () => {
  it("match exact names and subdomains of a wildcard, case and trailing dot aside", () => {
    const policy = { allowedHosts: ["api.example.com", "*.shop.test"], allowPrivateNetworks: false };
    expect(hostAllowed(policy, "API.example.com.")).toBe(true);
    expect(hostAllowed(policy, "eu.shop.test")).toBe(true);
    expect(hostAllowed(policy, "shop.test")).toBe(false);
    expect(hostAllowed(policy, "evilshop.test")).toBe(false);
    expect(hostAllowed(policy, "api.example.com.evil.test")).toBe(false);
  });
});
