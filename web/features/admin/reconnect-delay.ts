/** Exponential backoff for the admin socket: 1 s, 2 s, 4 s … capped at 30 s, with jitter so tabs do not reconnect in step. */
export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.max(0, attempt));
  // Between half and all of the ceiling: spread out, yet never faster than the schedule's floor.
  return Math.round(Math.max(RECONNECT_MIN_MS, ceiling * (0.5 + random() * 0.5)));
}
