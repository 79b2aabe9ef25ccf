import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES, type LanguageCode } from "../../../contracts/voice.js";
import { LlmProviderError, type LlmReplyRequest } from "./llm-provider.js";
import { createOfflineResponder } from "./offline-responder.js";

function makeRequest(overrides: Partial<LlmReplyRequest> = {}): LlmReplyRequest {
  return {
    systemPrompt: "ignored by the offline responder",
    history: [],
    userMessage: "How do I follow up with a lead who went quiet?",
    language: "en-US",
    persona: { name: "Ava", role: "Sales Manager", speciality: "B2B software" },
    signal: new AbortController().signal,
    ...overrides,
  };
}

async function replyTo(request: LlmReplyRequest): Promise<{ text: string; chunks: string[] }> {
  const chunks: string[] = [];
  for await (const chunk of createOfflineResponder().streamReply(request)) chunks.push(chunk);
  return { text: chunks.join(""), chunks };
}

/** A phrase only that language's template produces, so the check is about language, not luck. */
const LANGUAGE_MARKERS: Record<LanguageCode, RegExp> = {
  "en-US": /Hello, I'm Ava\./,
  "es-ES": /Hola, soy Ava\./,
  "fr-FR": /Bonjour, je suis Ava\./,
  "de-DE": /Hallo, ich bin Ava\./,
  "it-IT": /Ciao, sono Ava\./,
  "pt-PT": /Olá, chamo-me Ava\./,
  "ja-JP": /こんにちは、Avaです。/,
  "ko-KR": /안녕하세요, 저는 Ava입니다\./,
  "zh-CN": /你好，我是Ava。/,
};

describe("the offline responder", () => {
  it("says it is offline by its kind", () => {
    expect(createOfflineResponder().kind).toBe("offline");
  });

  it("answers as the persona, naming its role and speciality", async () => {
    const { text } = await replyTo(makeRequest());

    expect(text).toContain("Ava");
    expect(text).toContain("Sales Manager");
    expect(text).toContain("B2B software");
  });

  it("echoes a short excerpt of what the user asked and ends with a question", async () => {
    const { text } = await replyTo(
      makeRequest({
        userMessage: "Can you help me write a follow-up email to a client who has not answered in three weeks?",
      }),
    );

    expect(text).toContain("“Can you help me write a follow-up email to a…”");
    expect(text.trim().endsWith("?")).toBe(true);
  });

  it("gives the same reply to the same message", async () => {
    const first = await replyTo(makeRequest());
    const second = await replyTo(makeRequest());

    expect(second).toEqual(first);
  });

  it("streams the reply in several word-sized chunks", async () => {
    const { chunks } = await replyTo(makeRequest());

    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(chunk.trim().split(/\s+/).length).toBe(1);
  });

  it("still makes sense for a persona without role or speciality", async () => {
    const { text } = await replyTo(makeRequest({ persona: { name: "Sam", role: null, speciality: "  " } }));

    expect(text).toContain("Sam");
    expect(text).not.toContain("null");
    expect(text).toContain("happy to help");
  });

  it.each(LANGUAGE_CODES)("answers in %s when asked to", async (language) => {
    const { text } = await replyTo(makeRequest({ language }));

    expect(text).toMatch(LANGUAGE_MARKERS[language]);
    expect(text).toContain("Sales Manager");
  });

  it.each(LANGUAGE_CODES)("never claims to be a language model in %s", async (language) => {
    const { text } = await replyTo(makeRequest({ language, userMessage: "Are you an AI language model?" }));

    expect(text.replace(/“[^”]*”|«[^»]*»|„[^“]*“|「[^」]*」/g, "")).not.toMatch(
      /language model|LLM|modèle de langage|modelo de lenguaje|Sprachmodell|modello linguistico|modelo de linguagem|言語モデル|언어 모델|语言模型/i,
    );
  });

  it("stops with an aborted error once the caller cancels", async () => {
    const caller = new AbortController();
    const chunks: string[] = [];

    await expect(
      (async () => {
        for await (const chunk of createOfflineResponder().streamReply(makeRequest({ signal: caller.signal }))) {
          chunks.push(chunk);
          caller.abort();
        }
      })(),
    ).rejects.toBeInstanceOf(LlmProviderError);
    expect(chunks).toHaveLength(1);
  });
});
