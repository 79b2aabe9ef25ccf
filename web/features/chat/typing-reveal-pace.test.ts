import { describe, expect, it } from "vitest";
import { TYPING_REVEAL_MS_PER_CHAR } from "../../../contracts/limits";
import { advanceReveal, REVEAL_MAX_LAG_MS, type RevealPace } from "./typing-reveal-pace";

/** Ticks the pace every `step` ms from `from` to `to` over a text of `total` characters. */
function run(pace: RevealPace, total: number, from: number, to: number, step: number): RevealPace {
  let current = pace;
  for (let now = from + step; now <= to; now += step) current = advanceReveal(current, total, now);
  return current;
}

describe("the typing reveal's pace", () => {
  it("types a short reply at the spec's pace", () => {
    const start: RevealPace = { shown: 0, at: 0, arrivedAt: 0 };
    const after = run(start, 20, 0, 10 * TYPING_REVEAL_MS_PER_CHAR, 30);
    expect(after.shown).toBeCloseTo(10, 5);
  });

  it("never leaves a long reply more than the lag cap behind its arrival", () => {
    const start: RevealPace = { shown: 0, at: 0, arrivedAt: 0 };
    const halfway = run(start, 2_000, 0, REVEAL_MAX_LAG_MS / 2, 30);
    expect(halfway.shown).toBeGreaterThan(900);
    expect(halfway.shown).toBeLessThan(2_000);
    expect(run(start, 2_000, 0, REVEAL_MAX_LAG_MS, 30).shown).toBe(2_000);
  });

  it("shows everything on the first tick after the deadline, however late that tick comes", () => {
    const start: RevealPace = { shown: 3, at: 0, arrivedAt: 0 };
    expect(advanceReveal(start, 500, REVEAL_MAX_LAG_MS * 4).shown).toBe(500);
  });

  it("restarts the deadline when more text arrives", () => {
    const grown: RevealPace = { shown: 100, at: 1_000, arrivedAt: 1_000 };
    const soon = advanceReveal(grown, 400, 1_000 + 30);
    expect(soon.shown).toBeGreaterThan(100);
    expect(soon.shown).toBeLessThan(400);
    expect(advanceReveal(soon, 400, 1_000 + REVEAL_MAX_LAG_MS).shown).toBe(400);
  });
});
