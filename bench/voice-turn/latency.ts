/**
 * Turns the page's measurements into the two latencies bench:voice reports.
 *  - Answer time: end of the user's speech → the reply's first sound, as the dialog itself
 *    measures and shows it on each reply (`data-latency-ms`, from the detector's last audible
 *    sample to the <audio> element's `playing` event).
 *  - Barge-in stop: the onset of speech over the agent → its playback paused. The voice client
 *    marks voice:speech-start (first audible sample of the sound the detector called speech),
 *    voice:playback-paused (the player silenced) and voice:barge-in (speech confirmed, the reply
 *    cut); each barge-in pairs with the pause and the speech start just before it.
 */

export interface Mark {
  name: string;
  startTime: number;
}

/** One stop latency per confirmed barge-in, in ms. */
export function bargeInStops(marks: Mark[]): number[] {
  const sorted = [...marks].sort((a, b) => a.startTime - b.startTime);
  const stops: number[] = [];
  for (const [index, mark] of sorted.entries()) {
    if (mark.name !== "voice:barge-in") continue;
    const before = sorted.slice(0, index);
    const paused = before.filter((m) => m.name === "voice:playback-paused").at(-1);
    if (!paused) continue;
    const start = before.filter((m) => m.name === "voice:speech-start" && m.startTime <= paused.startTime).at(-1);
    if (start) stops.push(paused.startTime - start.startTime);
  }
  return stops;
}

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}
