/**
 * Plays the realtime reply's audio as it comes: each PCM16 delta becomes an AudioBuffer
 * scheduled right after the one before (gapless; after a gap, from now). It knows how much of
 * the current reply has actually sounded — what the server truncates the model's copy to on
 * barge-in — and stops everything at once when told.
 */
import { REALTIME_SAMPLE_RATE } from "../../../contracts/voice-realtime";

interface Scheduled {
  source: AudioBufferSourceNode;
  startsAt: number;
  seconds: number;
  /** The reply it belongs to (newReply() counts them): only the current one's is reported. */
  reply: number;
}

export class PcmPlayer {
  private scheduled: Scheduled[] = [];
  /** Seconds of this reply that finished sounding, from chunks no longer scheduled. */
  private playedBefore = 0;
  private nextStart = 0;
  private reply = 0;

  constructor(
    private readonly context: AudioContext,
    private readonly handlers: { onPlaying(): void; onIdle(): void },
  ) {}

  get playing(): boolean {
    return this.scheduled.length > 0;
  }

  /** One piece of the reply (PCM16 mono at REALTIME_SAMPLE_RATE). */
  enqueue(pcm: ArrayBuffer): void {
    const samples = new Int16Array(pcm, 0, Math.floor(pcm.byteLength / 2));
    if (samples.length === 0) return;
    const buffer = this.context.createBuffer(1, samples.length, REALTIME_SAMPLE_RATE);
    const channel = buffer.getChannelData(0);
    for (let i = 0; i < samples.length; i++) channel[i] = samples[i] / 0x8000;
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.context.destination);
    const startsAt = Math.max(this.context.currentTime, this.nextStart);
    const wasIdle = !this.playing;
    const entry: Scheduled = { source, startsAt, seconds: buffer.duration, reply: this.reply };
    this.scheduled.push(entry);
    this.nextStart = startsAt + buffer.duration;
    source.onended = () => this.finished(entry);
    source.start(startsAt);
    if (wasIdle) this.handlers.onPlaying();
  }

  /** How much of the current reply has sounded, in ms. */
  playedMs(): number {
    const now = this.context.currentTime;
    let seconds = this.playedBefore;
    for (const { startsAt, seconds: length, reply } of this.scheduled)
      if (reply === this.reply) seconds += Math.min(length, Math.max(0, now - startsAt));
    return Math.round(seconds * 1000);
  }

  /**
   * A new reply starts: its played time counts from zero, and the last reply's audio that may
   * still be sounding (it was not spoken over) no longer counts.
   */
  newReply(): void {
    this.playedBefore = 0;
    this.reply += 1;
  }

  /** Silence now (barge-in, the end of the call): nothing scheduled plays. */
  stop(): void {
    const stopping = this.scheduled;
    this.scheduled = [];
    this.nextStart = 0;
    for (const { source } of stopping) {
      source.onended = null;
      try {
        source.stop();
      } catch {
        // Already stopped.
      }
      source.disconnect();
    }
    if (stopping.length > 0) this.handlers.onIdle();
  }

  private finished(entry: Scheduled): void {
    const at = this.scheduled.indexOf(entry);
    if (at < 0) return;
    this.scheduled.splice(at, 1);
    if (entry.reply === this.reply) this.playedBefore += entry.seconds;
    if (!this.playing) this.handlers.onIdle();
  }
}
