import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "../../../contracts/voice-languages.js";
import { HANDOFF_NOTICES, handoffLanguage } from "./handoff-request.js";

const ASKS: [string, string][] = [
  ["en-US", "Can I talk to a real person please?"],
  ["en-US", "I want a human"],
  ["en-US", "Please connect me with an agent"],
  ["es-ES", "Quiero hablar con una persona, por favor"],
  ["es-ES", "¿Puedo hablar con un humano?"],
  ["es-ES", "Necesito un agente"],
  ["fr-FR", "Je voudrais parler à une personne"],
  ["fr-FR", "Passez-moi un conseiller s'il vous plaît"],
  ["de-DE", "Ich möchte mit einem Menschen sprechen"],
  ["de-DE", "Kann ich mit einem Mitarbeiter reden?"],
  ["it-IT", "Vorrei parlare con un operatore"],
  ["it-IT", "Posso parlare con una persona?"],
  ["pt-PT", "Quero falar com uma pessoa"],
  ["pt-PT", "Preciso de um atendente"],
  ["ja-JP", "人間と話したいです"],
  ["ja-JP", "オペレーターにつないでください"],
  ["ko-KR", "상담원과 통화하고 싶어요"],
  ["ko-KR", "사람이랑 이야기하고 싶어요"],
  ["zh-CN", "我要转人工"],
  ["zh-CN", "请帮我找真人客服"],
];

const NOT_ASKS = [
  "What is the capital of France?",
  "Write a story about a person who talks to robots",
  "Your voice sounds so human",
  "¿Cuántas personas viven en Madrid?",
  "Les êtres humains sont fascinants",
  "Wie viele Menschen leben in Berlin?",
  "日本の人口は何人ですか",
  "오늘 날씨 어때요?",
  "今天天气怎么样",
];

describe("asking for a person", () => {
  it.each(ASKS)("is heard in %s: %s", (language, message) => {
    expect(handoffLanguage(message)).toBe(language);
  });

  it.each(NOT_ASKS)("is not heard in an ordinary message: %s", (message) => {
    expect(handoffLanguage(message)).toBeNull();
  });

  it("has a notice in every language the app speaks, naming the wait", () => {
    for (const code of LANGUAGE_CODES) expect(HANDOFF_NOTICES[code](5)).toMatch(/5/);
  });
});
