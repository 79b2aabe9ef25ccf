/**
 * A response schema strips the keys it does not name and refuses a body that does not fit it
 * (a 500). So every route is called as its rightful caller, and what the handler returned is
 * compared with what reached the client: a field a schema forgot would vanish here before a
 * screen of the web app went blank. The same routes and requests as the authorization matrix.
 */
import { subscribe } from "node:diagnostics_channel";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { ROUTE_DECISIONS, type RouteDecision } from "../security/route-decisions.js";
import { buildSecurityWorld, type SecurityWorld } from "../security/security-world.js";

/** What the handler of the latest request returned, before serialisation, as JSON would carry it. */
let handed: { value: unknown } | null = null;

// The hook goes on every app as it is created (route-table.ts explains the channel).
subscribe("fastify.initialization", (message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook("preSerialization", async (_request, _reply, payload) => {
    handed = { value: JSON.parse(JSON.stringify(payload)) as unknown };
    return payload;
  });
});

describeEachEngine("response schemas", (engine) => {
  let t: TestApp;
  let world: SecurityWorld;

  beforeAll(async () => {
    t = await startTestApp(engine);
    world = await buildSecurityWorld(t);
  });
  afterAll(() => t.close());

  async function callAsRightfulCaller(decision: RouteDecision, method: string) {
    const cookie = decision.access === "admin" ? await world.freshCookie("admin") : await world.freshCookie("user");
    const request = await decision.request(world, world.own);
    handed = null;
    return t.app.inject({
      method: method as "GET",
      url: request.url,
      headers: { ...request.headers, cookie },
      ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    });
  }

  const check = (key: string, decision: RouteDecision) =>
    it(`${key} sends every field its handler returns, as its schema allows`, async () => {
      const method = key.split(" ")[0];
      if (key === "GET /ws-admin") return;
      const res = await callAsRightfulCaller(decision, method);
      expect(res.statusCode, `${key}: ${res.body.slice(0, 300)}`).toBe(decision.allowed);
      if (!String(res.headers["content-type"]).startsWith("application/json")) return;
      expect(handed, `${key} answered JSON without a handler payload`).not.toBeNull();
      expect(res.json()).toEqual(handed?.value);
    });

  const entries = Object.entries(ROUTE_DECISIONS);
  for (const [key, decision] of entries.filter(([, d]) => !d.runsLast)) check(key, decision);
  for (const [key, decision] of entries.filter(([, d]) => d.runsLast)) check(key, decision);
});
