/**
 * Every route of the route table × every kind of caller, each cell's expected status derived
 * from the route's declared access and its entry in ROUTE_DECISIONS. A route without a
 * decision fails the first test, so nobody can add one without saying who may call it.
 */
import { type Access } from "../http/route-access.js";
import { errorBody, type ApiErrorBody } from "../../contracts/errors.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { needsAccessDecision } from "../auth/guards.js";
import { routeKey, routeTable, type RouteEntry } from "../test-support/route-table.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { ROUTE_DECISIONS, type RouteDecision } from "./route-decisions.js";
import { adminView, buildSecurityWorld, CANARY, othersSnapshot, type SecurityWorld } from "./security-world.js";

const PERSONAS = [
  "signed out",
  "forged session",
  "pending",
  "denied",
  "user",
  "another user's object",
  "admin",
] as const;
type Persona = (typeof PERSONAS)[number];

const WITHOUT_SESSION: readonly Persona[] = ["signed out", "forged session", "pending", "denied"];

/** The status a persona must get, or null when the cell does not exist (no object to be someone else's). */
function expectedStatus(access: Access, decision: RouteDecision, persona: Persona): number | null {
  const foreign = persona === "another user's object";
  if (foreign && !decision.namesObject) return null;
  if (access === "public") {
    return WITHOUT_SESSION.includes(persona) ? (decision.withoutSession ?? decision.allowed) : decision.allowed;
  }
  if (WITHOUT_SESSION.includes(persona)) return 401;
  if (access === "admin") return persona === "admin" ? decision.allowed : 403;
  // On user routes an admin is one more user: the objects named are the ordinary user's, not
  // theirs — unless the route lets admins read anyone's (an agent's knowledge).
  if (persona === "admin" && decision.adminReads) return decision.allowed;
  if (foreign || (persona === "admin" && decision.namesObject)) return 404;
  return decision.allowed;
}

const REFUSALS: Record<number, ApiErrorBody> = { 401: errorBody("UNAUTHORIZED"), 403: errorBody("ADMIN_REQUIRED") };

describeEachEngine("authorization matrix", (engine) => {
  let t: TestApp;
  let world: SecurityWorld;
  let routes: Map<string, RouteEntry>;
  let othersBefore: unknown;
  let cells = 0;

  beforeAll(async () => {
    t = await startTestApp(engine);
    world = await buildSecurityWorld(t);
    routes = new Map(
      routeTable(t.app)
        .filter((r) => needsAccessDecision(r.url))
        .map((r) => [routeKey(r), r]),
    );
    othersBefore = await othersSnapshot(t, world);
  });
  afterAll(async () => {
    console.log(`authorization matrix [${engine}]: ${cells} cells checked`);
    await t.close();
  });

  async function cookieFor(persona: Persona): Promise<string | undefined> {
    switch (persona) {
      case "signed out":
        return undefined;
      case "forged session":
        return "sid=forged-session-id";
      case "pending":
      case "denied":
      case "admin":
        return world.freshCookie(persona);
      default:
        return world.freshCookie("user");
    }
  }

  async function runCell(route: RouteEntry, decision: RouteDecision, persona: Persona) {
    // A fresh session per cell: a cell that signs out ends only its own.
    const cookie = await cookieFor(persona);
    const objects = persona === "another user's object" ? world.others : world.own;
    const request = await decision.request(world, objects);
    const headers = { ...request.headers, ...(cookie ? { cookie } : {}) };
    if (route.websocket) return upgrade(request.url, headers);
    const res = await t.app.inject({
      method: route.method as "GET",
      url: request.url,
      headers,
      ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    });
    return { status: res.statusCode, body: res.body };
  }

  async function upgrade(url: string, headers: Record<string, string>) {
    try {
      const socket = await t.app.injectWS(url, { headers });
      socket.terminate();
      return { status: 101, body: "" };
    } catch (error) {
      const status = /Unexpected server response: (\d+)/.exec(String(error));
      if (!status) throw error;
      return { status: Number(status[1]), body: "" };
    }
  }

  it("every API route has a decision, and every decision names a route with the access it declares", () => {
    const declared = Object.fromEntries([...routes].map(([key, route]) => [key, route.access]));
    const decided = Object.fromEntries(Object.entries(ROUTE_DECISIONS).map(([key, d]) => [key, d.access]));
    expect(declared).toEqual(decided);
  });

  const checkRoute = (key: string, decision: RouteDecision) =>
    it(`${key} answers each caller as its '${decision.access}' access and object rules decide`, async () => {
      const route = routes.get(key);
      if (!route?.access) throw new Error(`${key} is not a route of the app (or declares no access)`);
      const expected: Partial<Record<Persona, number>> = {};
      const actual: Partial<Record<Persona, number>> = {};
      const adminSawBefore = route.access === "admin" ? await adminView(t, world) : null;
      for (const persona of PERSONAS) {
        const want = expectedStatus(route.access, decision, persona);
        if (want === null) continue;
        // The admin comes last: by then every refused caller has had a go, and changed nothing.
        if (adminSawBefore && persona === "admin") {
          expect(await adminView(t, world), `${key}: a refused caller changed something`).toEqual(adminSawBefore);
        }
        const { status, body } = await runCell(route, decision, persona);
        cells += 1;
        expected[persona] = want;
        actual[persona] = status;
        const refusal = route.access !== "public" && body ? REFUSALS[status] : undefined;
        if (refusal) expect(JSON.parse(body), `${key} as ${persona}`).toEqual(refusal);
        // Admins read everyone's data through the admin routes; nobody else may see it anywhere.
        if (!(route.access === "admin" && persona === "admin")) {
          expect(body.includes(CANARY), `${key} as ${persona} showed another user's data`).toBe(false);
        }
      }
      expect(actual).toEqual(expected);
    });

  const entries = Object.entries(ROUTE_DECISIONS);
  for (const [key, decision] of entries.filter(([, d]) => !d.runsLast)) checkRoute(key, decision);

  it("no cell changed another user's agent or conversations", async () => {
    expect(await othersSnapshot(t, world)).toEqual(othersBefore);
  });

  for (const [key, decision] of entries.filter(([, d]) => d.runsLast)) checkRoute(key, decision);
});
