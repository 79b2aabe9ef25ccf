/**
 * Turns the page's performance marks into per-turn latencies. The voice client marks (see
 * web/features/voice): voice:speech-end (the last audible sample the detector was given),
 * voice:detector-end (the detector's end-of-turn decision), voice:turn-sent,
 * voice:turn-response (stream headers), voice:first-audio (first sentence's audio event)
 * and voice:reply-playing (the <audio> element's `playing` event).
 */

export interface Mark {
  name: string;
  startTime: number;
}

export interface TurnLatency {
  /** End of speech → first reply audio playing: what the user waits. */
  totalMs: number;
  /** The detector's silence wait (redemption) plus frame granularity. */
  detectorMs: number;
  /** Detector decision → request sent (WAV encoding, state changes). */
  clientMs: number;
  /** Request sent → first sentence's audio event (upload, STT, model, first synthesis). */
  serverMs: number;
  /** Audio event → sound (data URL decode, element start). */
  playbackMs: number;
}

const STAGES = [
  "voice:speech-end",
  "voice:detector-end",
  "voice:turn-sent",
  "voice:first-audio",
  "voice:reply-playing",
] as const;

/** One latency per reply that started playing, paired with the marks just before it. */
export function turnLatencies(marks: Mark[]): TurnLatency[] {
  const sorted = [...marks].sort((a, b) => a.startTime - b.startTime);
  const turns: TurnLatency[] = [];
  for (const [index, mark] of sorted.entries()) {
    if (mark.name !== "voice:reply-playing") continue;
    const before = sorted.slice(0, index);
    const latest = (name: string) => before.filter((m) => m.name === name).at(-1)?.startTime;
    const [speechEnd, detectorEnd, sent, firstAudio] = STAGES.slice(0, 4).map(latest);
    if ([speechEnd, detectorEnd, sent, firstAudio].some((t) => t === undefined)) continue;
    const at = (t: number | undefined) => t ?? 0;
    turns.push({
      totalMs: mark.startTime - at(speechEnd),
      detectorMs: at(detectorEnd) - at(speechEnd),
      clientMs: at(sent) - at(detectorEnd),
      serverMs: at(firstAudio) - at(sent),
      playbackMs: mark.startTime - at(firstAudio),
    });
  }
  return turns;
}

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}
