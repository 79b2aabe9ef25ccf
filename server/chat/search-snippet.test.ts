import { describe, expect, it } from "vitest";
import { searchSnippet } from "./search-snippet";

describe("searchSnippet", () => {
  it("shows a short message whole, its white space folded", () => {
    expect(searchSnippet("Where is the invoice\nfor the Zanzibar shipment?", ["zanzib"])).toBe(
      "Where is the invoice for the Zanzibar shipment?",
    );
  });

  it("cuts a long message at spaces around the first word found, and says so", () => {
    const text = `${"early words ".repeat(20)}the Zanzibar shipment ${"later words ".repeat(30)}`;
    const snippet = searchSnippet(text, ["missing", "zanzibar"]);
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet).toContain("the Zanzibar shipment");
    expect(snippet.length).toBeLessThanOrEqual(162);
    expect(snippet).toMatch(/^…\S.*\S…$/u);
  });

  it("cuts Japanese text, which has no spaces, at the character", () => {
    const text = `${"あ".repeat(100)}会議${"い".repeat(200)}`;
    const snippet = searchSnippet(text, ["会議"]);
    expect(snippet).toContain("会議");
    expect(snippet.length).toBe(162);
  });
});
