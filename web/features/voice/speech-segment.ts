/**
 * Follows one utterance frame by frame beside the detector, for what the detector does not
 * report: the first short pause inside it (a speculative start, with the samples so far),
 * speech resuming after that pause, and when sound began and ended (for the timing marks).
 * Pure apart from the clock it is handed, so it is unit-tested with made-up frames.
 */
export interface SegmentOptions {
  sampleRate: number;
  /** Frames kept from before the detector's speech start (its pre-speech pad). */
  padFrames: number;
  /** Quiet this long (frames under the negative threshold) is a pause. */
  pauseMs: number;
  positiveThreshold: number;
  negativeThreshold: number;
  /** Samples at least this loud count as sound. */
  soundLevel: number;
  /** Speech (frames over the positive threshold) this long makes the utterance "sustained". */
  sustainMs: number;
}

export type SegmentSignal =
  { kind: "pause"; samples: Float32Array; endedAt: number } | { kind: "resume" } | { kind: "sustained" } | null;

export class SpeechSegment {
  private readonly recent: Float32Array[] = [];
  private frames: Float32Array[] | null = null;
  private quietMs = 0;
  private paused = false;
  private speechMs = 0;
  private sustained = false;
  /** performance.now() of the last audible sample, and of the first one after quiet. */
  lastSoundAt = 0;
  firstSoundAt = 0;

  constructor(private readonly options: SegmentOptions) {}

  /** Each frame the detector judged, in order, before its start/end callbacks for that frame. */
  frame(probability: number, frame: Float32Array, now: number): SegmentSignal {
    this.trackSound(frame, now);
    this.recent.push(frame);
    if (this.recent.length > this.options.padFrames + 1) this.recent.shift();
    if (!this.frames) return null;
    this.frames.push(frame);
    const frameMs = (frame.length * 1000) / this.options.sampleRate;
    if (probability >= this.options.positiveThreshold) {
      this.quietMs = 0;
      this.speechMs += frameMs;
      if (this.paused) {
        this.paused = false;
        return { kind: "resume" };
      }
      if (!this.sustained && this.speechMs >= this.options.sustainMs) {
        this.sustained = true;
        return { kind: "sustained" };
      }
      return null;
    }
    if (probability < this.options.negativeThreshold) this.quietMs += frameMs;
    if (!this.paused && this.quietMs >= this.options.pauseMs) {
      this.paused = true;
      return { kind: "pause", samples: concat(this.frames), endedAt: this.lastSoundAt };
    }
    return null;
  }

  /** The detector's speech start: the segment begins with the padded frames before it. */
  start(): void {
    this.frames = [...this.recent];
    this.quietMs = 0;
    this.paused = false;
    this.speechMs = 0;
    this.sustained = false;
  }

  /** The detector's end of turn or misfire. */
  end(): void {
    this.frames = null;
    this.paused = false;
  }

  private trackSound(frame: Float32Array, now: number): void {
    const sampleMs = 1000 / this.options.sampleRate;
    const frameStart = now - frame.length * sampleMs;
    let first = -1;
    let last = -1;
    for (let i = 0; i < frame.length; i++) {
      if (Math.abs(frame[i]) >= this.options.soundLevel) {
        if (first === -1) first = i;
        last = i;
      }
    }
    if (last === -1) {
      this.firstSoundAt = 0;
      return;
    }
    if (this.firstSoundAt === 0) this.firstSoundAt = frameStart + first * sampleMs;
    this.lastSoundAt = frameStart + (last + 1) * sampleMs;
  }
}

function concat(frames: Float32Array[]): Float32Array {
  const out = new Float32Array(frames.reduce((n, f) => n + f.length, 0));
  let at = 0;
  for (const f of frames) {
    out.set(f, at);
    at += f.length;
  }
  return out;
}
