import { describe, expect, it } from "vitest";
import { containsKanji, spellAsKana, type ReadingToken } from "./japanese-kana.js";

/** Tokens as kuromoji gives them for 東京の天気は晴れ。 */
const WEATHER: ReadingToken[] = [
  { surface_form: "東京", reading: "トウキョウ", pronunciation: "トーキョー" },
  { surface_form: "の", reading: "ノ", pronunciation: "ノ" },
  { surface_form: "天気", reading: "テンキ", pronunciation: "テンキ" },
  { surface_form: "は", reading: "ハ", pronunciation: "ワ" },
  { surface_form: "晴れ", reading: "ハレ", pronunciation: "ハレ" },
  { surface_form: "。", reading: "。", pronunciation: "。" },
];

describe("spelling Japanese as kana", () => {
  it("spells each word as it is pronounced, the particle は as ワ, keeping punctuation", () => {
    expect(spellAsKana(WEATHER)).toBe("トーキョーノテンキワハレ。");
  });

  it("keeps Latin words and digits as written", () => {
    const tokens: ReadingToken[] = [
      { surface_form: "AgentDesk", pronunciation: "*", reading: "*" },
      { surface_form: "で", reading: "デ", pronunciation: "デ" },
      { surface_form: "10", pronunciation: undefined },
    ];
    expect(spellAsKana(tokens)).toBe("AgentDeskデ10");
  });

  it("falls back to the reading when the pronunciation is missing", () => {
    expect(spellAsKana([{ surface_form: "今日", reading: "キョウ" }])).toBe("キョウ");
  });

  it("reads an unknown kanji word character by character, and leaves out a kanji with no reading at all", () => {
    const readings = new Map([["鰯", "イワシ"]]);
    const spelled = spellAsKana([{ surface_form: "鰯𠀋", pronunciation: "*" }], (kanji) => readings.get(kanji));
    expect(spelled).toBe("イワシ");
    expect(containsKanji(spelled)).toBe(false);
  });

  it("ignores a character reading that is not kana", () => {
    expect(spellAsKana([{ surface_form: "鰯" }], () => "*")).toBe("");
  });

  it("recognises kanji, including the repetition mark, and not kana or Latin", () => {
    expect(containsKanji("人々")).toBe(true);
    expect(containsKanji("々")).toBe(true);
    expect(containsKanji("ひらがな カタカナ latin")).toBe(false);
  });
});
