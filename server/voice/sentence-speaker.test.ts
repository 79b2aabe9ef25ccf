import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createSentenceSpeaker, type SpokenSentence } from "./sentence-speaker.js";

function recordingSpeaker(synthDelayMs: (text: string) => number = () => 5) {
  const synthesized: string[] = [];
  const spoken: SpokenSentence[] = [];
  const speaker = createSentenceSpeaker(
    async (text) => {
      synthesized.push(text);
      await sleep(synthDelayMs(text));
      return `audio:${text}`;
    },
    (sentence) => spoken.push(sentence),
  );
  return { speaker, synthesized, spoken };
}

describe("the sentence speaker", () => {
  it("hands sentences on in order even when a later one is synthesised first", async () => {
    const { speaker, spoken } = recordingSpeaker((text) => (text.startsWith("First") ? 60 : 1));
    speaker.push("First sentence here. Second one");
    speaker.push(" follows. Third");
    await speaker.finish("");
    expect(spoken).toEqual([
      { index: 0, text: "First sentence here.", audioUrl: "audio:First sentence here." },
      { index: 1, text: "Second one follows.", audioUrl: "audio:Second one follows." },
      { index: 2, text: "Third", audioUrl: "audio:Third" },
    ]);
  });

  it("starts synthesising a sentence that looks finished before the splitter can be sure, and uses that audio", async () => {
    const { speaker, synthesized, spoken } = recordingSpeaker();
    speaker.push("Sure, one moment.");
    expect(synthesized).toEqual(["Sure, one moment."]);
    await speaker.finish("Sure, one moment.");
    expect(synthesized).toEqual(["Sure, one moment."]);
    expect(spoken.map((s) => s.text)).toEqual(["Sure, one moment."]);
  });

  it("drops a speculation the rest of the reply proves wrong", async () => {
    const { speaker, synthesized, spoken } = recordingSpeaker();
    speaker.push("It costs 3.");
    speaker.push("5 euros.");
    await speaker.finish("");
    expect(synthesized).toContain("It costs 3.");
    expect(spoken.map((s) => s.text)).toEqual(["It costs 3.5 euros."]);
  });

  it("speaks a failed synthesis as text only, and the whole reply when no delta came", async () => {
    const spoken: SpokenSentence[] = [];
    const speaker = createSentenceSpeaker(
      () => Promise.reject(new Error("engine down")),
      (sentence) => spoken.push(sentence),
    );
    await speaker.finish("This conversation has been locked. Please try again later.");
    expect(spoken).toEqual([
      { index: 0, text: "This conversation has been locked.", audioUrl: null },
      { index: 1, text: "Please try again later.", audioUrl: null },
    ]);
  });
});
