import { describe, expect, it } from "vitest";
import { japaneseNumber, readAloud } from "./speakable-text-readings.js";

describe("reading numbers and symbols aloud", () => {
  it("reads an order number as the language's word for number, never 'hash'", () => {
    const said = {
      "en-US": "Your order number 12345 has shipped.",
      "es-ES": "Your order número 12345 has shipped.",
      "fr-FR": "Your order numéro 12345 has shipped.",
      "de-DE": "Your order Nummer 12345 has shipped.",
      "it-IT": "Your order numero 12345 has shipped.",
      "pt-PT": "Your order número 12345 has shipped.",
      "ko-KR": "Your order 12345번 has shipped.",
      "zh-CN": "Your order 12345号 has shipped.",
    } as const;
    for (const [language, expected] of Object.entries(said))
      expect(readAloud("Your order #12345 has shipped.", language as keyof typeof said), language).toBe(expected);
    expect(readAloud("ご注文#12345", "ja-JP")).toBe("ご注文いちまんにせんさんびゃくよんじゅうごばん");
    // Not a number: a channel name or a colour stays as written.
    expect(readAloud("Join #general, colour #fff", "en-US")).toBe("Join #general, colour #fff");
  });

  it("reads a date as a date in the language's order, and a small fraction as a fraction (decision 105)", () => {
    expect(readAloud("Due 3/14.", "en-US")).toBe("Due March 14th.");
    expect(readAloud("Due 12/1 and 12/22.", "en-US")).toBe("Due December 1st and December 22nd.");
    expect(readAloud("Fällig am 14/3.", "de-DE")).toBe("Fällig am 14. März.");
    expect(readAloud("Le 1/12.", "fr-FR")).toBe("Le 1er décembre.");
    expect(readAloud("El 14/3.", "es-ES")).toBe("El 14 de marzo.");
    expect(readAloud("Il 14/3.", "it-IT")).toBe("Il 14 marzo.");
    expect(readAloud("A 14/3.", "pt-PT")).toBe("A 14 de março.");
    expect(readAloud("3/14に", "ja-JP")).toBe("さんがつじゅうよっかに");
    expect(readAloud("3/14에", "ko-KR")).toBe("3월 14일에");
    expect(readAloud("3/14", "zh-CN")).toBe("3月14日");
    expect(readAloud("Add 3/4 cup, then 1/2.", "en-US")).toBe("Add 3 quarters cup, then one half.");
    expect(readAloud("3/4", "ja-JP")).toBe("よんぶんのさん");
    expect(readAloud("3/4", "zh-CN")).toBe("4分之3");
    // Neither a date nor a small fraction: left alone; longer runs (versions, full dates) too.
    expect(readAloud("Score 45/50, v1.2/3, 2024/03/14", "en-US")).toBe("Score 45/50, v1.2/3, 2024/03/14");
  });

  it("says percent in the language's own word inside Japanese, Korean and Chinese", () => {
    expect(readAloud("割引は20%です", "ja-JP")).toBe("割引は20パーセントです");
    expect(readAloud("할인은 20%입니다", "ko-KR")).toBe("할인은 20퍼센트입니다");
    expect(readAloud("折扣是20%", "zh-CN")).toBe("折扣是百分之20");
    expect(readAloud("A 20% discount", "en-US")).toBe("A 20% discount");
  });

  it("gives Japanese counters their spoken readings instead of the word readings", () => {
    expect(readAloud("3月14日の午後3時30分です", "ja-JP")).toBe("さんがつじゅうよっかの午後さんじさんじゅっぷんです");
    expect(readAloud("1日", "ja-JP")).toBe("ついたち");
    expect(readAloud("20日", "ja-JP")).toBe("はつか");
    expect(readAloud("4月", "ja-JP")).toBe("しがつ");
    expect(readAloud("9時1分", "ja-JP")).toBe("くじいっぷん");
    expect(readAloud("15分", "ja-JP")).toBe("じゅうごふん");
    expect(readAloud("6分", "ja-JP")).toBe("ろっぷん");
    // Other languages keep their digits for the engine.
    expect(readAloud("3月14日", "zh-CN")).toBe("3月14日");
  });

  it("spells Japanese numbers with their sound changes", () => {
    expect(japaneseNumber(300, "300")).toBe("さんびゃく");
    expect(japaneseNumber(8000, "8000")).toBe("はっせん");
    expect(japaneseNumber(610, "610")).toBe("ろっぴゃくじゅう");
    expect(japaneseNumber(20000, "20000")).toBe("にまん");
    expect(japaneseNumber(0, "0")).toBe("0");
  });
});
