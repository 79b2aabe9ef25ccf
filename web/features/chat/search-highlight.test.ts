import { describe, expect, it } from "vitest";
import { highlightParts } from "./search-highlight";

describe("search highlighting", () => {
  it("marks every place the text holds a typed word, whatever the case, inside words too", () => {
    expect(highlightParts("The Invoice for Zürich, reinvoiced", "invoice zü")).toEqual([
      { text: "The ", match: false },
      { text: "Invoice", match: true },
      { text: " for ", match: false },
      { text: "Zü", match: true },
      { text: "rich, re", match: false },
      { text: "invoice", match: true },
      { text: "d", match: false },
    ]);
  });

  it("marks a Japanese word inside a sentence, and typed signs as themselves", () => {
    expect(highlightParts("東京の会議について", "会議")).toEqual([
      { text: "東京の", match: false },
      { text: "会議", match: true },
      { text: "について", match: false },
    ]);
    expect(highlightParts("37% off", "37%")).toEqual([
      { text: "37%", match: true },
      { text: " off", match: false },
    ]);
  });

  it("leaves text with no typed word as one plain part", () => {
    expect(highlightParts("Nothing here", "& | !")).toEqual([{ text: "Nothing here", match: false }]);
    expect(highlightParts("", "a")).toEqual([]);
  });
});
