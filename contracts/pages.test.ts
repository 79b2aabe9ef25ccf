import { describe, expect, it } from "vitest";
import { NOT_FOUND_PAGE_MODULE, signedInPageModule } from "./signed-in-page-modules.js";

describe("signedInPageModule", () => {
  it("finds the page at a fixed path", () => {
    expect(signedInPageModule("/")).toBe("pages/dashboard.tsx");
    expect(signedInPageModule("/agents")).toBe("pages/agents.tsx");
    expect(signedInPageModule("/admin-users")).toBe("pages/admin-users.tsx");
  });

  it("lets a parameter stand for exactly one non-empty segment", () => {
    expect(signedInPageModule("/chat/123")).toBe("pages/chat.tsx");
    expect(signedInPageModule("/admin/users/42")).toBe("pages/admin-user-detail.tsx");
    expect(signedInPageModule("/chat/123/more")).toBe(NOT_FOUND_PAGE_MODULE);
    expect(signedInPageModule("/agents/")).toBe(NOT_FOUND_PAGE_MODULE);
  });

  it("answers the not-found page for a path no route matches", () => {
    expect(signedInPageModule("/no-such-page")).toBe(NOT_FOUND_PAGE_MODULE);
  });
});
