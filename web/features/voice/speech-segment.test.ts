import { describe, expect, it } from "vitest";
import { SpeechSegment } from "./speech-segment";

const FRAME = 512; // 32 ms at 16 kHz
const loud = () => new Float32Array(FRAME).fill(0.2);
const quiet = () => new Float32Array(FRAME);

function segment() {
  return new SpeechSegment({
    sampleRate: 16_000,
    padFrames: 2,
    pauseMs: 200,
    positiveThreshold: 0.5,
    negativeThreshold: 0.35,
    soundLevel: 0.01,
    sustainMs: 300,
  });
}

describe("following an utterance beside the detector", () => {
  it("reports the first ~200 ms of quiet as a pause, with the samples so far and the padding before", () => {
    const s = segment();
    let now = 0;
    const feed = (p: number, frame: Float32Array) => s.frame(p, frame, (now += 32));
    feed(0.1, quiet());
    feed(0.1, quiet());
    feed(0.9, loud());
    s.start();
    for (let i = 0; i < 5; i++) expect(feed(0.9, loud())).toBeNull();
    const signals = Array.from({ length: 8 }, () => feed(0.1, quiet()));
    const pause = signals.find((signal) => signal?.kind === "pause");
    expect(signals.indexOf(pause ?? null)).toBe(6); // 7 quiet frames = 224 ms
    // 2 padding frames and the starting frame, 5 loud frames, 7 quiet ones.
    expect(pause?.kind === "pause" && pause.samples.length).toBe((3 + 5 + 7) * FRAME);
    expect(pause?.kind === "pause" && pause.endedAt).toBe(32 * 8);
  });

  it("reports speech resuming after a pause once, and nothing outside an utterance", () => {
    const s = segment();
    expect(s.frame(0.9, loud(), 32)).toBeNull();
    s.start();
    for (let i = 0; i < 7; i++) s.frame(0.1, quiet(), 64 + i * 32);
    expect(s.frame(0.9, loud(), 400)).toEqual({ kind: "resume" });
    expect(s.frame(0.9, loud(), 432)).toBeNull();
    s.end();
    for (let i = 0; i < 10; i++) expect(s.frame(0.1, quiet(), 500 + i * 32)).toBeNull();
  });

  it("reports an utterance as sustained once, after that much speech", () => {
    const s = segment();
    s.start();
    const signals = Array.from({ length: 12 }, (_, i) => s.frame(0.9, loud(), 32 * (i + 1)));
    expect(signals.filter((signal) => signal?.kind === "sustained")).toHaveLength(1);
    expect(signals.findIndex((signal) => signal?.kind === "sustained")).toBe(9); // 10 frames = 320 ms
  });

  it("remembers when the current sound began, for the barge-in timing", () => {
    const s = segment();
    s.frame(0.1, quiet(), 32);
    s.frame(0.9, loud(), 64);
    s.frame(0.9, loud(), 96);
    expect(s.firstSoundAt).toBe(32);
  });
});
