import { getEventListeners } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiCompatibleTts } from "../providers/tts/openai-compatible-tts.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { createSentenceAudio } from "./sentence-audio.js";
import type { SpeechDeps } from "./speech.js";

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});

function speechDeps(): SpeechDeps {
  const tts = createOpenAiCompatibleTts({ baseUrl: fake.url, apiKey: "k", model: "tts", responseFormat: "wav" });
  return { tts, stt: null, config: { VOICE_SESSION_SECONDS: 300 } } as unknown as SpeechDeps;
}

describe("a long reply's sentence audio", () => {
  it("leaves at most one listener on the turn's signal, however many sentences are spoken", async () => {
    const turn = new AbortController();
    const audio = createSentenceAudio(speechDeps(), { voice: "nova", language: "en-US", signal: turn.signal });
    const sentences = Array.from({ length: 15 }, (_, i) => `This is sentence number ${i + 1}.`);
    // Half at once (as a fast model streams them), half one after another.
    const first = await Promise.all(sentences.slice(0, 7).map((s) => audio.synthesize(s)));
    for (const s of sentences.slice(7)) first.push(await audio.synthesize(s));

    expect(first.every((url) => url?.startsWith("data:audio/wav;base64,"))).toBe(true);
    expect(getEventListeners(turn.signal, "abort").length).toBeLessThanOrEqual(1);
    audio.close();
    expect(getEventListeners(turn.signal, "abort")).toHaveLength(0);
  });

  it("still stops a sentence being synthesised when the turn is aborted", async () => {
    const turn = new AbortController();
    const audio = createSentenceAudio(speechDeps(), { voice: "nova", language: "en-US", signal: turn.signal });
    turn.abort();
    expect(await audio.synthesize("Too late.")).toBeNull();
    audio.close();
  });
});
