/**
 * Plays spoken sentences one after another without gaps: two <audio> elements take turns, so
 * while one plays the next sentence is already loading in the other. A sentence without
 * audio (synthesis failed) is spoken by the browser instead, in its place in the queue.
 * Autoplay refusals are retried muted, then unmuted (spec section 4). For barge-in it can
 * pause at once (undone by resume) and stop, saying how much of a reply was actually heard.
 */
import { speakWithBrowser } from "./browser-speech";

/** One sentence of a reply (`reply` is the turn it belongs to), with its words. */
export type SpeechItem =
  | { kind: "audio"; url: string; text: string; reply: number }
  | { kind: "browser"; text: string; language: string; reply: number };

/** The words of a sentence up to `fraction` of its length, cut at a word. */
export function spokenPart(text: string, fraction: number): string {
  if (fraction >= 1) return text;
  const words = text.split(/\s+/).filter(Boolean);
  return words.slice(0, Math.floor(Math.max(0, fraction) * words.length)).join(" ");
}

export interface SpeechPlayerHooks {
  /** An audio element actually started producing sound (its `playing` event). */
  onPlaying(): void;
  /** The queue ran dry after playing something. */
  onIdle(): void;
}

export class SpeechPlayer {
  private readonly elements: [HTMLAudioElement, HTMLAudioElement];
  private readonly queue: SpeechItem[] = [];
  private turn = 0;
  private active: HTMLAudioElement | null = null;
  private running = false;
  private stopController = new AbortController();
  private current: SpeechItem | null = null;
  /** What each reply has said so far: finished sentences, by reply. */
  private readonly spoken = new Map<number, string[]>();

  constructor(private readonly hooks: SpeechPlayerHooks) {
    this.elements = [this.makeElement(), this.makeElement()];
  }

  get busy(): boolean {
    return this.running;
  }

  enqueue(item: SpeechItem): void {
    this.queue.push(item);
    if (this.running) this.preloadNext();
    else void this.drain();
  }

  /**
   * Loads a sentence that will be queued soon (a reply held until the end of turn is confirmed)
   * into the element that will play it, so that playing it then skips decoding the data URL:
   * measured ~100 ms from release to sound without this.
   */
  preload(item: SpeechItem): void {
    if (this.running || this.queue.length > 0 || item.kind !== "audio") return;
    const element = this.idleElement();
    if (element.getAttribute("src") === item.url) return;
    element.src = item.url;
    element.load();
  }

  /** Silences at once, keeping the place (speech started over the agent; it may be a cough). */
  pause(): void {
    performance.mark("voice:playback-paused");
    if (this.active) this.active.pause();
    else if (this.current?.kind === "browser") window.speechSynthesis.pause();
  }

  resume(): void {
    if (this.active) void this.active.play().catch(() => undefined);
    else if (this.current?.kind === "browser") window.speechSynthesis.resume();
  }

  /**
   * Silences everything at once and forgets the queue (barge-in, closing the dialog). Returns
   * what reply `reply` actually said: its finished sentences and the heard part of the one cut.
   */
  stop(reply?: number): string {
    const heard = reply === undefined ? "" : this.heardOf(reply);
    this.spoken.clear();
    this.current = null;
    this.queue.length = 0;
    this.turn += 1;
    this.stopController.abort();
    this.stopController = new AbortController();
    for (const element of this.elements) {
      element.pause();
      element.removeAttribute("src");
      element.dataset.playing = "false";
    }
    return heard;
  }

  private heardOf(reply: number): string {
    const parts = [...(this.spoken.get(reply) ?? [])];
    const current = this.current;
    if (current?.reply === reply) {
      const element = this.active;
      // A browser-spoken sentence gives no position; once begun it counts as said.
      const fraction =
        current.kind === "browser"
          ? 1
          : element && Number.isFinite(element.duration) && element.duration > 0
            ? element.currentTime / element.duration
            : 0;
      const part = spokenPart(current.text, fraction);
      if (part) parts.push(part);
    }
    return parts.join(" ");
  }

  private finished(item: SpeechItem): void {
    this.spoken.set(item.reply, [...(this.spoken.get(item.reply) ?? []), item.text]);
  }

  dispose(): void {
    this.stop();
    for (const element of this.elements) element.remove();
  }

  private makeElement(): HTMLAudioElement {
    const element = document.createElement("audio");
    element.preload = "auto";
    // In the document (hidden) so tests and diagnostics can see what is playing.
    element.dataset.voicePlayer = "";
    element.dataset.playing = "false";
    element.hidden = true;
    element.addEventListener("playing", () => {
      element.dataset.playing = "true";
      this.hooks.onPlaying();
    });
    element.addEventListener("pause", () => (element.dataset.playing = "false"));
    element.addEventListener("ended", () => (element.dataset.playing = "false"));
    document.body.append(element);
    return element;
  }

  private idleElement(): HTMLAudioElement {
    return this.elements[0] === this.active ? this.elements[1] : this.elements[0];
  }

  /** Starts loading the next queued sentence in the element that is not playing. */
  private preloadNext(): void {
    const next = this.queue[0];
    const spare = this.idleElement();
    if (next?.kind === "audio" && spare.getAttribute("src") !== next.url) {
      spare.src = next.url;
      spare.load();
    }
  }

  private async drain(): Promise<void> {
    this.running = true;
    const turn = this.turn;
    let played = false;
    while (this.queue.length > 0 && turn === this.turn) {
      const item = this.queue.shift();
      if (!item) break;
      played = true;
      this.current = item;
      if (item.kind === "browser") {
        this.hooks.onPlaying();
        await speakWithBrowser(item.text, item.language, this.stopController.signal);
      } else {
        const element = this.idleElement();
        if (element.getAttribute("src") !== item.url) element.src = item.url;
        this.active = element;
        this.preloadNext();
        await this.playToEnd(element);
      }
      if (turn === this.turn) this.finished(item);
    }
    this.active = null;
    this.current = null;
    this.running = false;
    // Sentences queued after a stop() belong to a new turn that this loop must not swallow.
    if (this.queue.length > 0) void this.drain();
    else if (played && turn === this.turn) this.hooks.onIdle();
  }

  private playToEnd(element: HTMLAudioElement): Promise<void> {
    const signal = this.stopController.signal;
    return new Promise((resolve) => {
      const done = () => {
        element.removeEventListener("ended", done);
        element.removeEventListener("error", done);
        signal.removeEventListener("abort", done);
        resolve();
      };
      element.addEventListener("ended", done);
      element.addEventListener("error", done);
      signal.addEventListener("abort", done);
      element.play().catch(async (error: unknown) => {
        if (!(error instanceof DOMException) || error.name !== "NotAllowedError") return done();
        try {
          element.muted = true;
          await element.play();
          element.muted = false;
        } catch {
          done();
        }
      });
    });
  }
}
