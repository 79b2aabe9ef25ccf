/**
 * The server's routes and the API route table (contracts/api-routes.ts) name the same routes:
 * a route registered without an entry, or an entry the server no longer has, fails here.
 */
import { expect, it } from "vitest";
import { API_ROUTES } from "../../contracts/api-routes.js";
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
