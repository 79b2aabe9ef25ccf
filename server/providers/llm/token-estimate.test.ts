import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { estimatePromptTokens, estimateTokens } from "./token-estimate.js";

describe("token estimates", () => {
  it("count exactly what the tokenizer counts, the first time and every time after", () => {
    const texts = ["Hello there!", "Grüße aus Köln — 世界 👋", "x".repeat(20_000), ""];
    const first = texts.map(estimateTokens);
    const again = texts.map(estimateTokens);
    expect(first).toEqual(texts.map((text) => (text ? countTokens(text) : 0)));
    expect(again).toEqual(first);
  });

  it("stay exact after the remembered counts have overflowed their budget many times", () => {
    const texts = Array.from({ length: 400 }, (_, i) => `message ${i} ${"word ".repeat(2_000 + i)}`);
    for (const text of texts) estimateTokens(text);
    expect(texts.slice(0, 3).map(estimateTokens)).toEqual(texts.slice(0, 3).map((t) => countTokens(t)));
    expect(texts.slice(-3).map(estimateTokens)).toEqual(texts.slice(-3).map((t) => countTokens(t)));
  });

  it("price a prompt as its messages plus the chat format's overhead per message and reply", () => {
    const messages = [
      { role: "system", content: "You are Ava." },
      { role: "user", content: "Hi" },
    ];
    expect(estimatePromptTokens(messages)).toBe(3 + (3 + countTokens("You are Ava.")) + (3 + countTokens("Hi")));
  });
});
