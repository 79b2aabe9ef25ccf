import { describe, expect, it } from "vitest";
import { endsMidThought, isBackchannel } from "./voice-turn-taking.js";
import type { LanguageCode } from "./voice-languages.js";

describe("endsMidThought", () => {
  const unfinished: [LanguageCode, string][] = [
    ["en-US", "I need help with"],
    ["en-US", "I would like to order the"],
    ["en-US", "Hello,"],
    ["en-US", "I want apples, pears and"],
    ["en-US", "My order number is 4 5"],
    // A transcriber's full stop after digit groups read out one by one (bench:voice:clips).
    ["en-US", "My order number is 4 5."],
    ["de-DE", "Meine Bestellnummer ist 4 5."],
    ["ja-JP", "注文番号は4 5。"],
    ["zh-CN", "我的订单号是4 5。"],
    ["ko-KR", "주문 번호는 4 5."],
    ["en-US", "So um"],
    ["de-DE", "Ich möchte eine Bestellung für"],
    ["de-DE", "Hallo, ich habe eine Frage und"],
    ["es-ES", "Quiero hablar con"],
    ["fr-FR", "Je voudrais parler de"],
    ["it-IT", "Vorrei un tavolo per"],
    ["pt-PT", "Eu queria falar com"],
    ["ja-JP", "注文したんですけど"],
    ["ja-JP", "明日の会議で"],
    ["ko-KR", "주문을 했는데"],
    ["zh-CN", "我想问一下因为"],
  ];
  for (const [language, text] of unfinished) {
    it(`waits for more after "${text}" (${language})`, () => expect(endsMidThought(text, language)).toBe(true));
  }
  const finished: [LanguageCode, string][] = [
    ["en-US", "Hello, where is my order please?"],
    ["en-US", "I need help with my order."],
    ["en-US", "Thank you"],
    ["en-US", "My order number is 12345."],
    ["en-US", "I need 2."],
    ["de-DE", "Ich brauche Hilfe mit meiner Bestellung."],
    ["es-ES", "¿Dónde está mi pedido?"],
    ["fr-FR", "Merci beaucoup."],
    ["ja-JP", "注文はどこですか？"],
    ["ko-KR", "주문이 어디에 있어요?"],
    ["zh-CN", "我的订单在哪里？"],
    ["en-US", ""],
  ];
  for (const [language, text] of finished) {
    it(`ends the turn after "${text}" (${language})`, () => expect(endsMidThought(text, language)).toBe(false));
  }
});

describe("isBackchannel", () => {
  const acknowledgements: [LanguageCode, string][] = [
    ["en-US", "Mm hmm."],
    ["en-US", "Okay."],
    ["en-US", "Yeah, yeah."],
    ["en-US", "Uh-huh"],
    ["de-DE", "Ja."],
    ["de-DE", "Ja, genau."],
    ["es-ES", "Sí, vale."],
    ["fr-FR", "D'accord."],
    ["it-IT", "Va bene."],
    ["pt-PT", "Sim."],
    ["ja-JP", "はい。"],
    ["ja-JP", "うんうん"],
    ["ko-KR", "네네"],
    ["zh-CN", "嗯嗯"],
    ["de-DE", "Okay"],
  ];
  for (const [language, text] of acknowledgements) {
    it(`lets the agent go on after "${text}" (${language})`, () => expect(isBackchannel(text, language)).toBe(true));
  }
  const interruptions: [LanguageCode, string][] = [
    ["en-US", "Wait, stop."],
    ["en-US", "Yes, but what about the price?"],
    ["en-US", "No."],
    ["de-DE", "Moment, das stimmt nicht."],
    ["ja-JP", "ちょっと待ってください"],
    ["zh-CN", "等一下"],
  ];
  for (const [language, text] of interruptions) {
    it(`interrupts for "${text}" (${language})`, () => expect(isBackchannel(text, language)).toBe(false));
  }
});
