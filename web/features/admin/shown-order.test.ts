import { describe, expect, it } from "vitest";
import { keepShownOrder } from "./shown-order";

describe("keepShownOrder", () => {
  it("keeps an approved user's row where it was although the server now lists it after the pending ones", () => {
    // Shown: pending b, pending c, approved a. Approving b: the server answers c, b, a.
    expect(keepShownOrder(["b", "c", "a"], ["c", "b", "a"])).toEqual(["b", "c", "a"]);
  });

  it("puts a new sign-up on top, as the server's pending-first order would", () => {
    expect(keepShownOrder(["b", "a"], ["n", "b", "a"])).toEqual(["n", "b", "a"]);
  });

  it("drops rows the server no longer lists and keeps the rest in place", () => {
    expect(keepShownOrder(["b", "c", "a"], ["a", "b"])).toEqual(["b", "a"]);
  });

  it("shows the server's order when nothing was shown before", () => {
    expect(keepShownOrder([], ["c", "b", "a"])).toEqual(["c", "b", "a"]);
  });

  it("gives the same answer when applied again to its own result", () => {
    const once = keepShownOrder(["x", "y"], ["z", "y", "x", "w"]);
    expect(keepShownOrder(once, ["z", "y", "x", "w"])).toEqual(once);
  });
});
