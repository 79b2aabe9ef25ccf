import { describe, expect, it } from "vitest";
import { reconnectDelay, RECONNECT_MAX_MS, RECONNECT_MIN_MS } from "./reconnect-delay";

describe("admin socket reconnect delay", () => {
  it("starts at one second and doubles with each failed attempt", () => {
    const top = () => 1;
    expect([0, 1, 2, 3, 4].map((n) => reconnectDelay(n, top))).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it("never waits longer than 30 seconds, however many attempts failed", () => {
    expect(reconnectDelay(50, () => 1)).toBe(RECONNECT_MAX_MS);
  });

  it("spreads reconnects between half and all of the ceiling, never under one second", () => {
    expect(reconnectDelay(4, () => 0)).toBe(8000);
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_MIN_MS);
    for (let i = 0; i < 100; i++) {
      const d = reconnectDelay(3);
      expect(d).toBeGreaterThanOrEqual(4000);
      expect(d).toBeLessThanOrEqual(8000);
    }
  });
});
