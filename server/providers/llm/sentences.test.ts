import { describe, expect, it } from "vitest";
import { createSentenceSplitter, type SentenceSplitterOptions } from "./sentences.js";

/** Feeds `deltas` in order and returns everything emitted, flush included. */
function split(deltas: string[], options?: SentenceSplitterOptions): string[] {
  const splitter = createSentenceSplitter(options);
  const sentences = deltas.flatMap((delta) => splitter.push(delta));
  const rest = splitter.flush();
  return rest === null ? sentences : [...sentences, rest];
}

/** Feeds one character at a time, the worst case a stream can produce. */
function splitByCharacter(text: string, options?: SentenceSplitterOptions): string[] {
  return split(Array.from(text), options);
}

describe("the sentence splitter", () => {
  it("returns a sentence as soon as the next one starts", () => {
    const splitter = createSentenceSplitter();

    expect(splitter.push("This is the first sentence.")).toEqual([]);
    expect(splitter.push(" And")).toEqual(["This is the first sentence."]);
    expect(splitter.push(" here is the second one!")).toEqual([]);
    expect(splitter.flush()).toBe("And here is the second one!");
  });

  it("splits on full stops, exclamation marks and question marks", () => {
    expect(splitByCharacter("Is this working today? Yes, it works fine! Good to hear that.")).toEqual([
      "Is this working today?",
      "Yes, it works fine!",
      "Good to hear that.",
    ]);
  });

  it("splits Chinese and Japanese on their own terminators without waiting for a space", () => {
    const splitter = createSentenceSplitter({ minLength: 4 });

    expect(splitter.push("你好，我是你的助手。今天")).toEqual(["你好，我是你的助手。"]);
    expect(split(["こんにちは、元気ですか？", "はい、元気です！"], { minLength: 4 })).toEqual([
      "こんにちは、元気ですか？",
      "はい、元気です！",
    ]);
  });

  it("does not split decimals like 3.5, even when the digit arrives later", () => {
    expect(split(["The price is 3.", "5 euros per unit today. Thanks a lot for asking."])).toEqual([
      "The price is 3.5 euros per unit today.",
      "Thanks a lot for asking.",
    ]);
  });

  it("does not split after abbreviations such as e.g., Mr. and Dr.", () => {
    expect(
      splitByCharacter("Bring documents, e.g. your passport. Mr. Smith and Dr. Jones will meet you at noon."),
    ).toEqual(["Bring documents, e.g. your passport.", "Mr. Smith and Dr. Jones will meet you at noon."]);
  });

  it("keeps an ellipsis inside a sentence when it goes on in lower case", () => {
    expect(splitByCharacter("Well... maybe we can try that later. Or now… Really, why not?")).toEqual([
      "Well... maybe we can try that later.",
      "Or now… Really, why not?",
    ]);
  });

  it("splits on an ellipsis followed by a new capitalised sentence", () => {
    expect(splitByCharacter("I was thinking about it... Then I decided to call.")).toEqual([
      "I was thinking about it...",
      "Then I decided to call.",
    ]);
  });

  it("treats a newline as the end of a sentence, so list items are spoken one by one", () => {
    expect(splitByCharacter("Here are the steps\n- open the settings page\n- choose a voice")).toEqual([
      "Here are the steps",
      "- open the settings page",
      "- choose a voice",
    ]);
  });

  it("holds very short sentences and joins them to the next one", () => {
    expect(splitByCharacter("Hi. Sure! I can help you with that right away.")).toEqual([
      "Hi. Sure! I can help you with that right away.",
    ]);
  });

  it("still returns a short sentence when it is the last one", () => {
    expect(split(["This first sentence is long enough. ", "Bye."])).toEqual([
      "This first sentence is long enough.",
      "Bye.",
    ]);
  });

  it("keeps closing quotes and brackets with the sentence they close", () => {
    expect(splitByCharacter('She said "this is the plan." Then she left the room.')).toEqual([
      'She said "this is the plan."',
      "Then she left the room.",
    ]);
  });

  it("cuts a run-on sentence at a comma once it grows past the maximum length", () => {
    const splitter = createSentenceSplitter({ maxLength: 40 });

    const sentences = splitter.push("one two three four five six, seven eight nine ten eleven twelve");

    expect(sentences).toEqual(["one two three four five six,"]);
    expect(splitter.flush()).toBe("seven eight nine ten eleven twelve");
  });

  it("flushes nothing when nothing is left", () => {
    const splitter = createSentenceSplitter();
    splitter.push("A sentence that is complete. ");
    splitter.push("  ");

    expect(splitter.flush()).toBeNull();
  });
});
