import { describe, expect, it } from "vitest";
import { highlightParts, searchWords } from "./search-highlight";

describe("search highlighting", () => {
  it("marks every word of the text that starts with a typed word, whatever the case", () => {
    expect(highlightParts("The Invoice for Zürich, invoiced twice", "invoice zü")).toEqual([
      { text: "The ", match: false },
      { text: "Invoice", match: true },
      { text: " for ", match: false },
      { text: "Zürich", match: true },
      { text: ", ", match: false },
      { text: "invoiced", match: true },
      { text: " twice", match: false },
    ]);
  });

  it("leaves text with no typed word as one plain part, and typed punctuation matches nothing", () => {
    expect(highlightParts("Nothing here", "& | !")).toEqual([{ text: "Nothing here", match: false }]);
    expect(searchWords("A a, b!")).toEqual(["a", "b"]);
  });
});
