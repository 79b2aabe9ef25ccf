import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES, type LanguageCode } from "./voice-languages.js";
import { approvalAnswer, approvalQuestion, notAnsweredLine, ONE_MOMENT, SAY_YES_OR_NO } from "./voice-approval.js";

/** What callers say, as a recogniser writes it: with capitals, accents (or not) and punctuation. */
const SAID: Record<LanguageCode, { yes: string[]; no: string[]; neither: string[] }> = {
  "en-US": {
    yes: ["Yes", "yes please", "Yeah, go ahead.", "OK", "sure"],
    no: ["No", "no thanks", "Don't do that", "nope"],
    neither: ["What was that?", "maybe later tomorrow", "yes no"],
  },
  "es-ES": {
    yes: ["Sí", "si, claro", "Vale.", "De acuerdo"],
    no: ["No", "no, gracias", "Cancela"],
    neither: ["¿Cómo dice?", "sí, no"],
  },
  "fr-FR": {
    yes: ["Oui", "oui, d'accord", "D’accord !", "Bien sûr", "Allez-y"],
    no: ["Non", "non merci", "Pas question"],
    neither: ["Pardon ?", "oui non"],
  },
  "de-DE": {
    yes: ["Ja", "ja, gerne", "Klar!", "Natürlich"],
    no: ["Nein", "nein danke", "Lieber nicht", "Bitte nicht"],
    neither: ["Wie bitte", "vielleicht später"],
  },
  "it-IT": {
    yes: ["Sì", "si, certo", "Va bene", "D'accordo"],
    no: ["No", "no grazie", "Non farlo"],
    neither: ["Come?", "forse dopo"],
  },
  "pt-PT": {
    yes: ["Sim", "sim, claro", "Pode", "Está bem"],
    no: ["Não", "não, obrigado", "Não pode"],
    neither: ["Como?", "talvez depois"],
  },
  "ja-JP": {
    yes: ["はい", "はい、お願いします", "ええ、どうぞ", "いいですよ"],
    no: ["いいえ", "いいえ、結構です", "だめです", "やめてください"],
    neither: ["もう一度言ってください", "えっと"],
  },
  "ko-KR": {
    yes: ["네", "네, 해 주세요", "예", "좋아요"],
    no: ["아니요", "아니요, 괜찮습니다", "안 돼요", "싫어요"],
    neither: ["뭐라고요?", "잘 모르겠네요 아니"],
  },
  "zh-CN": {
    yes: ["是", "是的", "好的，可以", "没问题"],
    no: ["不是", "不要", "不行", "不可以"],
    neither: ["什么？", "再说一遍"],
  },
};

describe("the caller's yes or no to an approval question", () => {
  for (const language of LANGUAGE_CODES) {
    it(`hears yes, no and neither in ${language}`, () => {
      for (const text of SAID[language].yes) expect([text, approvalAnswer(text, language)]).toEqual([text, "yes"]);
      for (const text of SAID[language].no) expect([text, approvalAnswer(text, language)]).toEqual([text, "no"]);
      for (const text of SAID[language].neither) expect([text, approvalAnswer(text, language)]).toEqual([text, null]);
    });
  }

  it("matches whole words in languages written with spaces: 'know' and 'nobody' are not 'no'", () => {
    expect(approvalAnswer("I know", "en-US")).toBeNull();
    expect(approvalAnswer("nobody", "en-US")).toBeNull();
    expect(approvalAnswer("yesterday", "en-US")).toBeNull();
  });
});

describe("the lines a call speaks around its tools", () => {
  it("has every line in every voice language", () => {
    for (const language of LANGUAGE_CODES) {
      expect(ONE_MOMENT[language]).toBeTruthy();
      expect(SAY_YES_OR_NO[language]).toBeTruthy();
      expect(approvalQuestion(language, "order_status", '{"id":"123"}')).toContain("order status");
      expect(approvalQuestion(language, "order_status", '{"id":"123"}')).toContain("123");
      expect(notAnsweredLine(language, "order_status")).toContain("order status");
    }
  });

  it("names the tool in plain words and leaves long or nested arguments out of the question", () => {
    expect(approvalQuestion("en-US", "orders__lookupOrder", '{"id":"123"}')).toBe(
      "May I use orders lookup order for 123? Please say yes or no.",
    );
    expect(approvalQuestion("en-US", "send_email", JSON.stringify({ body: "x".repeat(200) }))).toBe(
      "May I use send email? Please say yes or no.",
    );
    expect(approvalQuestion("en-US", "search", "not json")).toBe("May I use search? Please say yes or no.");
  });
});
