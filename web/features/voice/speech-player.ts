/**
 * Plays spoken sentences one after another without gaps: two <audio> elements take turns, so
 * while one plays the next sentence is already loading in the other. A sentence without
 * audio (synthesis failed) is spoken by the browser instead, in its place in the queue.
 * Autoplay refusals are retried muted, then unmuted (spec section 4).
 */
import { speakWithBrowser } from "./browser-speech";

export type SpeechItem = { kind: "audio"; url: string } | { kind: "browser"; text: string; language: string };

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

  /** Silences everything at once and forgets the queue (barge-in, closing the dialog). */
  stop(): void {
    this.queue.length = 0;
    this.turn += 1;
    this.stopController.abort();
    this.stopController = new AbortController();
    for (const element of this.elements) {
      element.pause();
      element.removeAttribute("src");
      element.dataset.playing = "false";
    }
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
      if (item.kind === "browser") {
        await speakWithBrowser(item.text, item.language, this.stopController.signal);
        continue;
      }
      const element = this.idleElement();
      if (element.getAttribute("src") !== item.url) element.src = item.url;
      this.active = element;
      this.preloadNext();
      await this.playToEnd(element);
    }
    this.active = null;
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
