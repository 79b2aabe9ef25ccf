import { describe, expect, it } from "vitest";
import type { LanguageCode } from "../../contracts/voice.js";
import { isMeaningfulTranscript } from "../../contracts/voice.js";
import { detectLanguage } from "./language-detect.js";

describe("language detection", () => {
  const samples: [LanguageCode, string][] = [
    ["en-US", "Hello, what is the status of my order?"],
    ["es-ES", "Hola, necesito ayuda con mi pedido por favor"],
    ["fr-FR", "Bonjour, je voudrais savoir où est ma commande"],
    ["de-DE", "Guten Tag, ich habe eine Frage zu meiner Bestellung"],
    ["it-IT", "Buongiorno, vorrei sapere come posso pagare"],
    ["pt-PT", "Olá, não consigo encontrar a minha encomenda"],
    ["ja-JP", "こんにちは、注文について質問があります"],
    ["ko-KR", "안녕하세요, 주문에 대해 질문이 있습니다"],
    ["zh-CN", "你好，我想查询我的订单"],
  ];
  it.each(samples)("recognises %s", (language, text) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it("answers null rather than guess when nothing stands out", () => {
    expect(detectLanguage("OK 42")).toBeNull();
    expect(detectLanguage("")).toBeNull();
  });
});

describe("the minimum transcript", () => {
  it("ignores a transcript of fewer than 2 words that is also shorter than 4 characters", () => {
    expect(isMeaningfulTranscript("uh")).toBe(false);
    expect(isMeaningfulTranscript("  ")).toBe(false);
    expect(isMeaningfulTranscript("hmm?")).toBe(true);
    expect(isMeaningfulTranscript("no no")).toBe(true);
    expect(isMeaningfulTranscript("こんにちは")).toBe(true);
  });
});
