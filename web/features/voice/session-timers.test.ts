import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatCountdown, SessionTimers } from "./session-timers";

describe("the call's clocks", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function timers() {
    const events: string[] = [];
    const clock = new SessionTimers({
      onTick: (left) => events.push(`tick ${left}`),
      onTimeUp: () => events.push("time up"),
      onInactive: () => events.push("inactive"),
    });
    return { clock, events };
  }

  it("counts down once a second and reports time up at zero, once", () => {
    const { clock, events } = timers();
    clock.startCountdown(3);
    vi.advanceTimersByTime(10_000);
    expect(events).toEqual(["tick 2", "tick 1", "tick 0", "time up"]);
  });

  it("reports inactivity after 60 s unless re-armed by activity", () => {
    const { clock, events } = timers();
    clock.armInactivity();
    vi.advanceTimersByTime(59_000);
    clock.armInactivity();
    vi.advanceTimersByTime(59_000);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(events).toEqual(["inactive"]);
  });

  it("shows the time left as m:ss", () => {
    expect(formatCountdown(600)).toBe("10:00");
    expect(formatCountdown(65)).toBe("1:05");
    expect(formatCountdown(0)).toBe("0:00");
  });
});
