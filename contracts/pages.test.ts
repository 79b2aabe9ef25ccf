import { describe, expect, it } from "vitest";
import { ALWAYS_SIGNED_OUT_PATHS, NOT_FOUND_PAGE, SIGNED_OUT_PAGE_MODULES, signedInPageAt } from "./pages.js";

describe("signedInPageAt", () => {
  it("finds the page at a fixed path", () => {
    expect(signedInPageAt("/")).toBe("dashboard");
    expect(signedInPageAt("/agents")).toBe("agents");
    expect(signedInPageAt("/admin-users")).toBe("adminUsers");
  });

  it("lets a parameter stand for exactly one non-empty segment", () => {
    expect(signedInPageAt("/chat/123")).toBe("chat");
    expect(signedInPageAt("/admin/users/42")).toBe("adminUserDetail");
    expect(signedInPageAt("/chat/123/more")).toBe(NOT_FOUND_PAGE);
    expect(signedInPageAt("/agents/")).toBe(NOT_FOUND_PAGE);
  });

  it("answers the not-found page for a path no route matches", () => {
    expect(signedInPageAt("/no-such-page")).toBe(NOT_FOUND_PAGE);
  });
});

it("the signed-out side is the landing, login, signup and not-found pages, and / is not always signed out", () => {
  expect(SIGNED_OUT_PAGE_MODULES.sort()).toEqual(
    ["pages/landing.tsx", "pages/login.tsx", "pages/not-found.tsx", "pages/signup.tsx"].sort(),
  );
  expect(ALWAYS_SIGNED_OUT_PATHS).toEqual(["/login", "/signup"]);
});
