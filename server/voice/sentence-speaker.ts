/**
 * Turns a streamed reply into spoken sentences as early as possible: each sentence goes to
 * synthesis the moment the splitter completes it (while the model is still writing the
 * next), and the audio is handed on strictly in sentence order, each as soon as it and
 * every earlier one are ready.
 *
 * The splitter cannot call a trailing "." final until it sees what follows ("3.5"), and for
 * the last sentence nothing follows until the turn is done — which, for a one-sentence reply,
 * is the whole wait. So text that already looks finished is synthesised speculatively; if
 * it is what the splitter later confirms, that audio is used, otherwise it is dropped.
 *
 * Every sentence is made speakable (speakable-text.ts) before synthesis, and a sentence that
 * was only markup or emoji is not spoken at all; list and heading markers are stripped before
 * the splitter sees them, so "1." is never a sentence of its own.
 */
import type { VoiceAside } from "../../contracts/voice.js";
import { createSentenceSplitter } from "../providers/llm/sentences.js";
import { createLineMarkerFilter, toSpeakableText } from "../conversations/speakable-text.js";

export interface SpokenSentence {
  index: number;
  /** The sentence as spoken: without markdown, emoji or full web addresses. */
  text: string;
  /** Null when synthesis failed: the client speaks `text` itself. */
  audioUrl: string | null;
  /** A line that is not the reply's words ("one moment", an approval's question). */
  aside?: VoiceAside;
}

export interface SentenceSpeaker {
  push(delta: string): void;
  /** Speaks a line of the app's own between the reply's sentences: what was written so far goes first. */
  say(line: string, aside: VoiceAside): void;
  /** End of the reply; `wholeReply` is spoken when no delta came (e.g. the security notice). Resolves when every sentence has been handed on. */
  finish(wholeReply: string): Promise<void>;
}

const LOOKS_FINISHED = /[.!?…。！？]["'”’)\]」』»]*$/u;

export function createSentenceSpeaker(
  synthesize: (text: string) => Promise<string | null>,
  onSentence: (sentence: SpokenSentence) => void,
): SentenceSpeaker {
  // The first sentence is allowed to be short: "Sure." spoken at once beats waiting for more.
  const splitter = createSentenceSplitter({ minLength: 2 });
  const markers = createLineMarkerFilter();
  let queued = 0;
  let handedOn = Promise.resolve();
  let sawDelta = false;
  /** Text received but not yet cut into a sentence. */
  let pending = "";
  let speculative: { text: string; audio: Promise<string | null> } | null = null;

  function audioFor(text: string): Promise<string | null> {
    if (speculative?.text === text) return speculative.audio;
    return synthesize(text).catch(() => null);
  }

  function speak(sentence: string, aside?: VoiceAside): void {
    const text = toSpeakableText(sentence);
    if (!text) return;
    const index = queued++;
    // Started now, awaited in order: synthesis of sentence n+1 overlaps the wait for sentence n.
    const audio = aside ? synthesize(text).catch(() => null) : audioFor(text);
    handedOn = handedOn.then(async () =>
      onSentence({ index, text, audioUrl: await audio, ...(aside ? { aside } : {}) }),
    );
  }

  function speakWritten(): void {
    for (const sentence of splitter.push(markers.flush())) speak(sentence);
    const rest = splitter.flush();
    if (rest) speak(rest);
    pending = "";
  }

  function speculate(): void {
    const text = toSpeakableText(pending);
    if (!text || !LOOKS_FINISHED.test(text) || speculative?.text === text) return;
    speculative = { text, audio: synthesize(text).catch(() => null) };
  }

  return {
    push(rawDelta) {
      sawDelta = true;
      const delta = markers.push(rawDelta);
      pending += delta;
      for (const sentence of splitter.push(delta)) {
        const at = pending.indexOf(sentence);
        pending = at >= 0 ? pending.slice(at + sentence.length) : "";
        speak(sentence);
      }
      speculate();
    },
    say(line, aside) {
      // The model's words before its tool call ("Let me check.") are complete: they go first.
      speakWritten();
      speak(line, aside);
    },
    async finish(wholeReply) {
      speakWritten();
      if (!sawDelta && wholeReply.trim()) {
        const whole = createSentenceSplitter({ minLength: 2 });
        for (const sentence of whole.push(toSpeakableText(wholeReply))) speak(sentence);
        const last = whole.flush();
        if (last) speak(last);
      }
      await handedOn;
    },
  };
}
