/**
 * The server's routes and the API route table (contracts/api-routes.ts) name the same routes:
 * a route registered without an entry, or an entry the server no longer has, fails here. And
 * each route validates its body with the schema the table of bodies (api-request-bodies.ts)
 * gives the web's requests.
 */
import { expect, it } from "vitest";
import { API_REQUEST_BODIES, BODIES_PARSED_BY_HANDLER } from "../../contracts/api-request-bodies.js";
import { API_ROUTES, type ApiRouteName } from "../../contracts/api-routes.js";
import { routeKey, routeTable } from "../test-support/route-table.js";
import { startTestApp } from "../test-support/test-app.js";

it("registers exactly the routes of the API route table", async () => {
  const t = await startTestApp("pglite");
  try {
    const served = routeTable(t.app)
      // CORS preflights answer for the public routes beside them; they are not routes of their own.
      .filter((route) => /^\/(?:api|v1)\//.test(route.url) && route.method !== "OPTIONS")
      .map(routeKey);
    expect(new Set(served).size, "a route is registered twice").toBe(served.length);
    expect([...served].sort()).toEqual(Object.values(API_ROUTES).sort());
  } finally {
    await t.close();
  }
});

it("validates each route's body with the schema the table of request bodies names", async () => {
  const t = await startTestApp("pglite");
  try {
    const names = new Map<string, ApiRouteName>(
      Object.entries(API_ROUTES).map(([name, key]) => [key, name as ApiRouteName]),
    );
    const table: Partial<Record<ApiRouteName, unknown>> = API_REQUEST_BODIES;
    const mismatched: string[] = [];
    for (const route of routeTable(t.app)) {
      const name = names.get(routeKey(route));
      if (!name) continue;
      const served = (route.schema as { body?: unknown } | undefined)?.body;
      const named = table[name];
      if (served === named) continue;
      if (!served && named && BODIES_PARSED_BY_HANDLER.includes(name)) continue;
      mismatched.push(`${name}: ${served ? "the server's schema is not the table's" : "the server takes no body"}`);
    }
    expect(mismatched).toEqual([]);
  } finally {
    await t.close();
  }
});
