import { describe, expect, it } from "vitest";
import { editDistance, typoBudget } from "./similar-words.js";

describe("what counts as a typo", () => {
  it("counts a letter changed, added, dropped, and two letters swapped as one edit each", () => {
    expect(editDistance("warrenti", "warranti")).toBe(1);
    expect(editDistance("shiping", "shipping")).toBe(1);
    expect(editDistance("refnd", "refund")).toBe(1);
    expect(editDistance("recieve", "receive")).toBe(1);
    expect(editDistance("garantia", "garantía")).toBe(1);
    expect(editDistance("refund", "refund")).toBe(0);
    expect(editDistance("member", "rememb")).toBe(4);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("allows no edit up to two letters, one up to five, two beyond (Lucene's rule)", () => {
    expect([typoBudget("ab"), typoBudget("abc"), typoBudget("abcde"), typoBudget("abcdef")]).toEqual([0, 1, 1, 2]);
    // Counted in letters, not bytes: "garantía" has eight.
    expect(typoBudget("ñandú")).toBe(1);
  });
});
