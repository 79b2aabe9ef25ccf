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

/** Where one answer's time went, in ms from the end of speech (the dialog's own marks). */
export interface AnswerStages {
  /** The last request sent before the end of turn was confirmed (a speculative start, if any). */
  sent: number;
  firstAudio: number;
  detectorEnd: number;
  playing: number;
}

/**
 * For each reply that played, the marks between its end of speech and its first sound: when
 * the turn's request left, when its first audio arrived, when the detector confirmed the end
 * of turn, and when playback began. Shows whether an answer waited on the detector or the server.
 */
export function answerStages(marks: Mark[]): AnswerStages[] {
  const sorted = [...marks].sort((a, b) => a.startTime - b.startTime);
  const stages: AnswerStages[] = [];
  for (const [index, mark] of sorted.entries()) {
    if (mark.name !== "voice:detector-end") continue;
    const end = sorted.slice(0, index).findLast((m) => m.name === "voice:speech-end");
    const after = sorted.slice(index + 1);
    const playing = after.find((m) => m.name === "voice:reply-playing");
    if (!end || !playing) continue;
    const between = sorted.filter((m) => m.startTime >= end.startTime && m.startTime <= playing.startTime);
    const sent =
      between.findLast((m) => m.name === "voice:turn-sent" && m.startTime <= mark.startTime) ??
      between.find((m) => m.name === "voice:turn-sent");
    const firstAudio = between.findLast((m) => m.name === "voice:first-audio");
    const since = (m: Mark | undefined) => (m ? m.startTime - end.startTime : Number.NaN);
    stages.push({
      sent: since(sent),
      firstAudio: since(firstAudio),
      detectorEnd: since(mark),
      playing: since(playing),
    });
  }
  return stages;
}
