/**
 * How far the typing reveal has got, as a pure function of time, so its promise can be tested
 * without a clock: the spec's pace (TYPING_REVEAL_MS_PER_CHAR) for short replies, but the text on
 * screen never falls more than REVEAL_MAX_LAG_MS behind what has arrived. A long reply that
 * arrived at once would otherwise take minutes to read (225 characters took 13 s).
 */
import { TYPING_REVEAL_MS_PER_CHAR } from "../../../contracts/limits";

export const REVEAL_MAX_LAG_MS = 1_500;

export interface RevealPace {
  /** Characters on screen, fractional so slow ticks keep the pace exact. */
  shown: number;
  /** When `shown` was last advanced. */
  at: number;
  /** When the text last grew: everything that has arrived is on screen by this + REVEAL_MAX_LAG_MS. */
  arrivedAt: number;
}

/** The pace after time has passed: the spec's pace, or faster when that would miss the deadline. */
export function advanceReveal(pace: RevealPace, total: number, now: number): RevealPace {
  const elapsed = Math.max(0, now - pace.at);
  const atSpecPace = pace.shown + elapsed / TYPING_REVEAL_MS_PER_CHAR;
  const deadline = pace.arrivedAt + REVEAL_MAX_LAG_MS;
  const timeLeft = deadline - pace.at;
  // Straight line from where we are to everything-shown at the deadline.
  const onTime = timeLeft <= 0 ? total : pace.shown + (total - pace.shown) * Math.min(1, elapsed / timeLeft);
  return { shown: Math.min(total, Math.max(atSpecPace, onTime)), at: now, arrivedAt: pace.arrivedAt };
}
