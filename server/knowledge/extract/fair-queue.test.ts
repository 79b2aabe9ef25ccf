import { describe, expect, it } from "vitest";
import { FairQueue } from "./fair-queue.js";

describe("the fair queue", () => {
  it("serves companies in turn, so one company's fifty files delay another's one file by one", () => {
    const queue = new FairQueue<string>();
    for (let index = 1; index <= 50; index++) queue.push("flooder", `A${index}`);
    queue.push("other", "B1");
    expect(queue.order().slice(0, 3)).toEqual(["A1", "B1", "A2"]);
    expect([queue.take(), queue.take(), queue.take()]).toEqual(["A1", "B1", "A2"]);
    expect(queue.size).toBe(48);
  });

  it("a company that joins later is served after the companies already waiting, then in turn", () => {
    const queue = new FairQueue<string>();
    queue.push("a", "a1");
    queue.push("a", "a2");
    queue.push("b", "b1");
    expect(queue.take()).toBe("a1");
    queue.push("c", "c1");
    expect(queue.order()).toEqual(["b1", "a2", "c1"]);
  });

  it("takes only from the keys it is allowed to, keeping the others' turns", () => {
    const queue = new FairQueue<string>();
    queue.push("a", "a1");
    queue.push("b", "b1");
    expect(queue.has((key) => key === "c")).toBe(false);
    expect(queue.take((key) => key !== "a")).toBe("b1");
    expect(queue.order()).toEqual(["a1"]);
  });

  it("forgets an item removed while it waits", () => {
    const queue = new FairQueue<string>();
    queue.push("a", "a1");
    queue.push("b", "b1");
    expect(queue.remove("a1")).toBe(true);
    expect([queue.size, queue.order()]).toEqual([1, ["b1"]]);
    expect(queue.drain()).toEqual(["b1"]);
    expect(queue.size).toBe(0);
  });
});
