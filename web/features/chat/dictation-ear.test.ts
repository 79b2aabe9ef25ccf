import { describe, expect, it } from "vitest";
import { dictationLanguage, recognitionFailureMessage } from "./dictation-ear";

describe("dictation", () => {
  it("listens in the browser's language, not always English", () => {
    expect(dictationLanguage(["de-AT", "en"])).toBe("de-DE");
    expect(dictationLanguage(["ja"])).toBe("ja-JP");
    expect(dictationLanguage(["pt-BR"])).toBe("pt-PT");
    expect(dictationLanguage(["nl-NL", "fr-CA"])).toBe("fr-FR");
    expect(dictationLanguage(["nl-NL"])).toBe("en-US");
    expect(dictationLanguage([])).toBe("en-US");
  });

  it("says why it could not hear in plain words, never a raw code", () => {
    expect(recognitionFailureMessage("audio-capture")).toMatch(/No microphone could be used/);
    expect(recognitionFailureMessage("not-allowed")).toMatch(/denied/);
    expect(recognitionFailureMessage("something-new")).not.toContain("something-new");
  });
});
