/**
 * Generated hostile input against every route of the route table, signed out, as a user and
 * as an admin (fast-check): no 5xx but the documented 503s, no stack trace or SQL in a body,
 * no other user's data, and the access check before anything else. Failures are collected,
 * not shrunk, so one run lists every broken route. FUZZ_RUNS multiplies the runs; FUZZ_SEED
 * replays a run (the seed is printed).
 */
import { type Access } from "../http/route-access.js";
import { errorBody } from "../../contracts/errors.js";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { needsAccessDecision } from "../auth/guards.js";
import { routeKey, routeTable, type RouteEntry } from "../test-support/route-table.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import {
  applyBodyPlan,
  bodyPlan,
  headerPlan,
  hostileSegment,
  queryPlan,
  type BodyPlan,
  type HeaderPlan,
} from "./hostile-arbitraries.js";
import { problemsWith, type SentResponse } from "./hostile-verdict.js";
import { ROUTE_DECISIONS, type CellRequest } from "./route-decisions.js";
import { buildSecurityWorld, othersSnapshot, type SecurityWorld } from "./security-world.js";

const FUZZ_RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 1));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
type FuzzPersona = "signed out" | "user" | "admin";

/** Routes that run the responder, speech synthesis or argon2 cost 10–100 times a plain request. */
const COSTLY = new Set([
  "POST /api/signup",
  "POST /api/login",
  "POST /api/chat/:agentId",
  "POST /api/tts",
  "POST /api/voice-conversations/:id/chat",
  "POST /api/voice-conversations/:id/turn",
  "POST /api/admin/users/:id/reset-password",
]);
/**
 * Event streams that stay open until the client leaves (unless asked for `?once`, which a
 * generated query drops): their answer is read up to its first frame, then the client leaves.
 * Sent through inject, such a case never ended and held a whole sweep until its timeout.
 */
const OPEN_ENDED_STREAMS = new Set(["GET /api/conversations/:id/live", "GET /api/live-conversations/events"]);
/** Signed out, only public routes get past the access check: the others need fewer cases. */
function runsFor(route: RouteEntry, persona: FuzzPersona): number {
  if (persona === "signed out" && route.access !== "public") return 8 * FUZZ_RUNS;
  return (COSTLY.has(routeKey(route)) ? 8 : 24) * FUZZ_RUNS;
}

/** One seed per route and caller, derived from SEED, so that routes do not all get the same sequence. */
function seedFor(key: string, persona: string): number {
  let hash = SEED;
  for (const char of `${key} ${persona}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** The refusal the access check owes this caller whatever they send, if any. */
function owedRefusal(access: Access | undefined, persona: FuzzPersona): number | null {
  if (!access || access === "public") return null;
  if (persona === "signed out") return 401;
  return access === "admin" && persona === "user" ? 403 : null;
}

/**
 * Refusals that rightly come before the access check: the router's (a path it cannot decode,
 * a parameter over its length limit), Node's (headers over 16 KB) and the cross-site check
 * on unsafe methods. None of them reads the body.
 */
function refusedBeforeAccessCheck(response: SentResponse): boolean {
  if (response.status === 414 || response.status === 431) return true;
  // server/http/framework-errors.ts answers the router's refusal of an undecodable path.
  if (response.status === 400) return response.body === JSON.stringify(errorBody("MALFORMED_URL"));
  return response.status === 403 && response.body === JSON.stringify(errorBody("CROSS_SITE_REFUSED"));
}

interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

interface CasePlan {
  segments: string[];
  query: string;
  body: BodyPlan;
  headers: HeaderPlan;
  strayCookie: string | null;
}

/** Keys of a zod object schema (requests are validated with zod through the type provider). */
function keysOf(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** Path parameter values of a concrete URL, by their position in the route's pattern. */
function paramValues(pattern: string, url: string): string[] {
  const concrete = url.split("?")[0].split("/");
  return pattern.split("/").flatMap((part, i) => (part.startsWith(":") ? [concrete[i]] : []));
}

const describeRequest = (r: HostileRequest) =>
  JSON.stringify({
    ...r,
    body: typeof r.body === "string" && r.body.length > 300 ? `${r.body.slice(0, 300)}…` : r.body,
  }).slice(0, 700);

describeEachEngine("hostile input", (engine) => {
  let t: TestApp;
  let world: SecurityWorld;
  let routes: RouteEntry[];
  let baseUrl: string;
  let idPool: string[];
  let othersBefore: unknown;
  /** Samples of destructive routes are taken once: taking one may create what it destroys. */
  const fixedSamples = new Map<string, { own: CellRequest; other: CellRequest }>();
  let cases = 0;

  beforeAll(async () => {
    t = await startTestApp(engine);
    world = await buildSecurityWorld(t);
    routes = routeTable(t.app).filter((r) => needsAccessDecision(r.url));
    baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { own, others } = world;
    idPool = [own.agentId, own.textConversationId, others.agentId, others.textConversationId, world.other.id];
    for (const [key, decision] of Object.entries(ROUTE_DECISIONS)) {
      if (!decision.destructive) continue;
      fixedSamples.set(key, { own: await decision.request(world, own), other: await decision.request(world, others) });
    }
    othersBefore = await othersSnapshot(t, world);
  });
  afterAll(async () => {
    console.log(`hostile input [${engine}]: ${cases} generated requests (FUZZ_RUNS=${FUZZ_RUNS}, FUZZ_SEED=${SEED})`);
    await t.close();
  });

  async function samplesOf(route: RouteEntry) {
    const key = routeKey(route);
    const decision = ROUTE_DECISIONS[key];
    if (!decision) return null; // the matrix fails for the missing decision; fuzz the route anyway
    const fixed = fixedSamples.get(key);
    if (fixed) {
      return {
        own: { url: fixed.own.url, headers: fixed.own.headers },
        other: { url: fixed.other.url, headers: fixed.other.headers },
      };
    }
    return { own: await decision.request(world, world.own), other: await decision.request(world, world.others) };
  }

  function casePlan(route: RouteEntry, samples: { own: CellRequest; other: CellRequest } | null) {
    const known = samples
      ? [...paramValues(route.url, samples.own.url), ...paramValues(route.url, samples.other.url)]
      : [];
    // Real ids reach the handlers; real ids with a byte appended reach the queries that look them up.
    const segment = known.length
      ? fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...known) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(fc.constantFrom(...known), fc.constantFrom("%00", "%ED%A0%80", "%C0%80", "%27", "%20"))
              .map(([id, odd]) => id + odd),
          },
          { weight: 2, arbitrary: hostileSegment },
        )
      : hostileSegment;
    const count = route.url.split("/").filter((part) => part.startsWith(":")).length;
    return fc.record<CasePlan>({
      segments: fc.tuple(...Array.from({ length: count }, () => segment)),
      query: queryPlan(keysOf(route.schema?.querystring)),
      body: bodyPlan(keysOf(route.schema?.body), idPool),
      headers: headerPlan,
      strayCookie: fc.constantFrom(null, "sid=forged", "sid=", `sid=${"A".repeat(5_000)}`, "sid=a; sid=b"),
    });
  }

  async function buildRequest(route: RouteEntry, persona: FuzzPersona, plan: CasePlan): Promise<HostileRequest> {
    const samples = await samplesOf(route);
    let i = 0;
    const path = route.url.replace(/:\w+/g, () => plan.segments[i++]);
    const headers: Record<string, string> = {};
    if (plan.headers.contentType) headers["content-type"] = plan.headers.contentType;
    if (plan.headers.accept) headers.accept = plan.headers.accept;
    for (const [name, value] of plan.headers.extra) headers[name] = value;
    if (ROUTE_DECISIONS[routeKey(route)]?.credentialInHeaders) Object.assign(headers, samples?.own.headers);
    // A fresh session per case: a case that signs out ends only its own.
    if (persona === "signed out") {
      if (plan.strayCookie) headers.cookie = plan.strayCookie;
    } else headers.cookie = await world.freshCookie(persona);
    const sampleBody = samples && !ROUTE_DECISIONS[routeKey(route)]?.destructive ? samples.own.payload : undefined;
    const body = route.method === "GET" ? undefined : applyBodyPlan(plan.body, sampleBody);
    return { method: route.method, url: path + plan.query, headers, body };
  }

  /**
   * inject, except for event streams: a hijacked reply needs a real socket (see the report on
   * issue 9). An open-ended stream is read up to the end of its first frame.
   */
  async function send(request: HostileRequest, openEnded: boolean): Promise<SentResponse> {
    if (openEnded || request.headers.accept === "text/event-stream") {
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), 60_000);
      try {
        const res = await fetch(baseUrl + request.url, {
          method: request.method,
          headers: request.headers,
          body:
            typeof request.body === "string" || request.body === undefined
              ? request.body
              : new Uint8Array(request.body),
          signal: abort.signal,
        });
        const body = openEnded ? await firstFrameOf(res) : await res.text();
        return { status: res.status, headers: Object.fromEntries(res.headers), body };
      } finally {
        clearTimeout(timer);
        abort.abort();
      }
    }
    const res = await t.app.inject({
      method: request.method as "GET",
      url: request.url,
      headers: request.headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
    return { status: res.statusCode, headers: res.headers, body: res.body };
  }

  /** The body up to the end of its first SSE frame, or all of it if it ends first (a refusal). */
  async function firstFrameOf(res: Response): Promise<string> {
    if (!res.body) return "";
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let text = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
      if (text.includes("\n\n")) {
        await reader.cancel();
        return text;
      }
    }
  }

  async function fuzzRoute(route: RouteEntry, persona: FuzzPersona, violations: Map<string, string>) {
    const key = routeKey(route);
    const refusal = owedRefusal(route.access, persona);
    const samples = await samplesOf(route);
    const property = fc.asyncProperty(casePlan(route, samples), async (plan) => {
      cases += 1;
      const request = await buildRequest(route, persona, plan);
      let response: SentResponse;
      try {
        response = await send(request, OPEN_ENDED_STREAMS.has(key));
      } catch (error) {
        // fetch says only "fetch failed"; its cause says what the socket did.
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        const why = cause ? ` (${cause.code ?? ""} ${cause.message ?? ""})` : "";
        response = { status: 599, headers: {}, body: `no answer: ${String(error)}${why}` };
      }
      const problems = problemsWith(response, { mayShowOthersData: persona === "admin" && route.access === "admin" });
      if (refusal && response.status !== refusal && !refusedBeforeAccessCheck(response)) {
        problems.push(`${response.status} instead of ${refusal}`);
      }
      for (const problem of problems) {
        const id = `${key} as ${persona}: ${problem}`;
        if (!violations.has(id))
          violations.set(
            id,
            `${id}\n    ${describeRequest(request)}\n    → ${response.status} ${response.body.slice(0, 300)}`,
          );
      }
      // The company's agent limit would otherwise turn every later create into a 409.
      if (key === "POST /api/agents" && response.status === 201) {
        const id = (JSON.parse(response.body) as { id: string }).id;
        await t.app.inject({ method: "DELETE", url: `/api/agents/${id}`, headers: { cookie: request.headers.cookie } });
      }
    });
    await fc.assert(property, { numRuns: runsFor(route, persona), seed: seedFor(key, persona), endOnFailure: true });
  }

  for (const persona of ["signed out", "user", "admin"] as const) {
    const gate = persona === "admin" ? "" : ", or get past the access check";
    // 15-80 s measured alone; over 180 s at load average 25 (seven agents on two cores).
    it(
      `${persona}: generated requests to every route never answer 5xx, show internals or another user's data${gate}`,
      { timeout: 600_000 * FUZZ_RUNS },
      async () => {
        const violations = new Map<string, string>();
        for (const route of routes) await fuzzRoute(route, persona, violations);
        expect([...violations.values()].join("\n")).toBe("");
      },
    );
  }

  it("another user's agent and conversations are unchanged after all of it", async () => {
    expect(await othersSnapshot(t, world)).toEqual(othersBefore);
  });
});
