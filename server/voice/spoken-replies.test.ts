/**
 * A model that answers a voice call in markdown anyway: what the embedded engine is asked to
 * say, and what the transcript is sent, carry the words and none of the symbols.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { SpeechRequest } from "../providers/tts/tts-provider.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import {
  describeSpokenDataUrl,
  eventsOf,
  fakeLlm,
  makeVoiceAgent,
  post,
  startVoiceConversation,
  turnEvents,
} from "./voice-test-support.js";

const MARKDOWN_REPLY = [
  "**Sure!** Here are your options 🎉:",
  "",
  "1. The *basic* plan, at 10 euros.",
  "2. The [pro plan](https://shop.example.com/plans/pro?ref=call).",
  "",
  "| Plan | Price |",
  "|------|-------|",
  "| Pro | 20 euros |",
  "",
  "See https://www.example.com/help for more.",
].join("\n");

/** Any symbol a speech engine would read out by name. */
const READ_OUT_SYMBOLS = /[*#|[\]`_~>]|https?:|\p{Extended_Pictographic}/u;

describeEachEngine("a voice turn whose model answers in markdown", (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let user: MadeUser;
  let agentId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp(engine, { overrides: { llm: fakeLlm(fake) } });
    user = await makeUser(t);
    agentId = await makeVoiceAgent(t, user, { gender: "female" });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("gives the embedded engine only words to say, and sends the transcript without markup", async () => {
    fake.setBehaviour({ replyText: MARKDOWN_REPLY, chunkCount: 17 });
    const said: string[] = [];
    const tts = t.deps.tts;
    const synthesize = tts.synthesize.bind(tts);
    tts.synthesize = (request: SpeechRequest) => {
      said.push(request.text);
      return synthesize(request);
    };
    const id = await startVoiceConversation(t, user, agentId);
    const res = await post(t, user, `/api/voice-conversations/${id}/turn`, {
      message: "What plans do you have?",
      language: "en-US",
    }).finally(() => {
      tts.synthesize = synthesize;
    });

    const { events } = turnEvents(res.body);
    const audio = eventsOf(events, "audio");
    expect(audio.map((sentence) => sentence.text)).toEqual([
      "Sure! Here are your options:",
      "The basic plan, at 10 euros.",
      "The pro plan.",
      "Plan, Price",
      "Pro, 20 euros",
      "See example.com for more.",
    ]);
    expect(said.length).toBeGreaterThanOrEqual(audio.length);
    for (const text of said) expect(text).not.toMatch(READ_OUT_SYMBOLS);
    for (const sentence of audio) expect(describeSpokenDataUrl(sentence.audioUrl ?? "").peak).toBeGreaterThan(0.1);

    const [done] = eventsOf(events, "done");
    expect(done?.response).not.toMatch(READ_OUT_SYMBOLS);
    expect(done?.response).toContain("The pro plan.");
  });
});
