/**
 * The sentence speaker's ordering, with synthesis the test finishes by hand: which sentence is
 * ready first is decided here, not by how long a timer happens to take on a busy machine.
 */
import { describe, expect, it } from "vitest";
import { createSentenceSpeaker, type SpokenSentence } from "./sentence-speaker.js";

/** A speaker whose synthesis finishes at once. */
function recordingSpeaker() {
  const synthesized: string[] = [];
  const spoken: SpokenSentence[] = [];
  const speaker = createSentenceSpeaker(
    async (text) => {
      synthesized.push(text);
      return `audio:${text}`;
    },
    (sentence) => spoken.push(sentence),
  );
  return { speaker, synthesized, spoken };
}

/** A speaker whose synthesis of each text finishes only when the test says so. */
function heldSpeaker() {
  const synthesized: string[] = [];
  const spoken: SpokenSentence[] = [];
  const finishers = new Map<string, () => void>();
  const speaker = createSentenceSpeaker(
    (text) => {
      synthesized.push(text);
      return new Promise((resolve) => finishers.set(text, () => resolve(`audio:${text}`)));
    },
    (sentence) => spoken.push(sentence),
  );
  const finishSynthesis = async (text: string) => {
    const finish = finishers.get(text);
    if (!finish) throw new Error(`"${text}" was never sent to synthesis; sent: ${JSON.stringify(synthesized)}`);
    finish();
    // Lets every reaction to that audio run (all promise callbacks), without waiting on a clock.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { speaker, synthesized, spoken, finishSynthesis };
}

describe("the sentence speaker", () => {
  it("hands sentences on in order even when a later one is synthesised first", async () => {
    const { speaker, synthesized, spoken, finishSynthesis } = heldSpeaker();
    speaker.push("First sentence here. Second one");
    speaker.push(" follows. Third");
    const finished = speaker.finish("");
    expect(synthesized).toEqual(["First sentence here.", "Second one follows.", "Third"]);

    await finishSynthesis("Third");
    await finishSynthesis("Second one follows.");
    expect(spoken).toEqual([]);
    await finishSynthesis("First sentence here.");
    await finished;
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

  it("synthesises a markdown reply without its markup, and never a list number on its own", async () => {
    const { speaker, synthesized, spoken } = recordingSpeaker();
    for (const delta of [
      "**Sure!** ",
      "Here are your options:\n",
      "1",
      ". The **basic** plan.\n2. The ",
      "[pro plan](https://shop.example.com/pro) 🎉.\n",
    ])
      speaker.push(delta);
    await speaker.finish("");
    expect(synthesized.join(" ")).not.toMatch(/[*#[\]()🎉]|https?:/u);
    expect(synthesized).not.toContain("1.");
    expect(spoken.map((s) => s.text)).toEqual(["Sure! Here are your options:", "The basic plan.", "The pro plan."]);
  });

  it("skips a sentence that was only markup or emoji, keeping the indexes in a row", async () => {
    const { speaker, spoken } = recordingSpeaker();
    for (const delta of ["## Plans\n", "---\n", "🎉🎉\n", "| Plan | Price |\n", "|---|---|\n", "| Pro | 10 euros |\n"])
      speaker.push(delta);
    await speaker.finish("");
    expect(spoken.map(({ index, text }) => ({ index, text }))).toEqual([
      { index: 0, text: "Plans" },
      { index: 1, text: "Plan, Price" },
      { index: 2, text: "Pro, 10 euros" },
    ]);
  });

  it("cleans the whole reply when no delta came", async () => {
    const { speaker, spoken } = recordingSpeaker();
    await speaker.finish("**Locked.** See https://help.example.com/locks for why.");
    expect(spoken.map((s) => s.text)).toEqual(["Locked.", "See help.example.com for why."]);
  });
});
