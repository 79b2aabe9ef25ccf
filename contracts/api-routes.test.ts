import { describe, expect, it } from "vitest";
import type { ApiResponses } from "./api-responses";
import { API_ROUTES, apiMethod, apiUrl, type ApiRouteName } from "./api-routes";

describe("the API route table", () => {
  it("names each route once", () => {
    const routes = Object.values(API_ROUTES);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("fills a route's parameters, encoded, and leaves out undefined query values", () => {
    expect(apiUrl("deleteKnowledge", { id: "a1", docId: "d/2" })).toBe("/api/agents/a1/knowledge/d%2F2");
    expect(apiUrl("users", {}, { search: "ann & bob", page: 2, pageSize: undefined })).toBe(
      "/api/admin/users?search=ann+%26+bob&page=2",
    );
    expect(apiUrl("conversations")).toBe("/api/conversations");
    expect(apiMethod("updateAgent")).toBe("PATCH");
  });

  it("refuses a missing parameter instead of sending a path with a hole in it", () => {
    expect(() => apiUrl("agent", {} as { id: string })).toThrow("agent: no value for :id");
  });

  it("has an answer type for every route, and none for a route it lacks (checked by tsc)", () => {
    type Same = [keyof ApiResponses] extends [ApiRouteName]
      ? [ApiRouteName] extends [keyof ApiResponses]
        ? true
        : false
      : false;
    const same: Same = true;
    expect(same).toBe(true);
  });
});
