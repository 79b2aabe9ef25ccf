/**
 * Knowledge in conversation turns, on both engines: the passage that answers is retrieved, the
 * model receives it with the instruction to cite, citations come back in the JSON reply, the SSE
 * `done` event and the stored message; the offline responder answers from it; a voice turn uses
 * it without speaking the markers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ChatResponse } from "../../contracts/chat.js";
import { parseSseFrames } from "../../contracts/chat-sse.js";
import type { Citation, KnowledgeDocument } from "../../contracts/knowledge.js";
import {
  fakeLlm,
  frameData,
  makeAgent,
  messagesOf,
  modelCalls,
  postChat,
  streamChat,
} from "../chat/chat-test-support.js";
import type { LlmProvider } from "../providers/llm/llm-provider.js";
import { storedMessages } from "../voice/voice-test-support.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { pasteText, PRICING, RETURNS_POLICY } from "./knowledge-test-support.js";

/** The passage texts the model was sent, from the system message of the latest call. */
function systemPromptOf(fake: FakeOpenAi): string {
  const body = modelCalls(fake).at(-1)?.body as { messages: { role: string; content: string }[] };
  return body.messages.find((m) => m.role === "system")?.content ?? "";
}

describeEachEngine("knowledge in turns", (engine) => {
  describe("with a language model", () => {
    let t: TestApp;
    let fake: FakeOpenAi;
    let base: string;
    let user: MadeUser;
    let agentId: string;
    let policy: KnowledgeDocument;
    let llm: LlmProvider;

    beforeAll(async () => {
      fake = await startFakeOpenAi();
      t = await startTestApp(engine, {
        overrides: { llm: { kind: "openai-compatible", streamReply: (request) => llm.streamReply(request) } },
      });
      base = await t.app.listen({ port: 0, host: "127.0.0.1" });
      user = await makeUser(t);
      agentId = await makeAgent(t, user, { name: "Rita Returns" });
      policy = (await pasteText(t, user, agentId, "Returns policy", RETURNS_POLICY)).json();
      await pasteText(t, user, agentId, "Pricing", PRICING);
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });
    beforeEach(() => {
      fake.setBehaviour({});
      llm = fakeLlm(fake);
    });

    it("gives the model the passage that answers, asks it to cite, and returns what it cites", async () => {
      fake.setBehaviour({ replyText: "You have 45 days to return an unused item [1]." });
      const res = await postChat(t, user, agentId, { message: "How many days do I have to return an unused item?" });
      expect(res.statusCode).toBe(200);

      const prompt = systemPromptOf(fake);
      expect(prompt).toContain("cite every passage you use");
      expect(prompt).toMatch(
        /\[1\] Returns policy \(Returns policy › Time limit\)\n(?:Time limit\n\n)?You can return any unused item within 45 days/,
      );

      const reply = res.json<ChatResponse>();
      expect(reply.citations).toEqual([
        {
          marker: 1,
          documentId: policy.id,
          title: "Returns policy",
          snippet: expect.stringContaining("within 45 days of delivery"),
          location: "Returns policy › Time limit",
        },
      ]);
      const stored = await messagesOf(t, user, reply.conversationId);
      expect(stored.at(-1)?.citations).toEqual(reply.citations);
      expect(stored[0].citations).toEqual([]);
    });

    it("sends the citations in the stream's done event", async () => {
      fake.setBehaviour({ replyText: "Gold is 29 euros a month [1], and its returns ship free [2].", chunkCount: 3 });
      const streamed = await streamChat(base, user, agentId, { message: "What does the Gold plan cost per month?" });
      const [done] = frameData<ChatResponse>(streamed.frames, "done");
      expect(done.citations.map((c: Citation) => [c.marker, c.title])).toEqual([
        [1, "Pricing"],
        [2, "Returns policy"],
      ]);
    });

    it("cites nothing when the reply names no passage, and gives no passages to an unrelated message", async () => {
      fake.setBehaviour({ replyText: "Hello! How can I help?" });
      const res = await postChat(t, user, agentId, { message: "Hi there" });
      expect(res.json<ChatResponse>().citations).toEqual([]);
      expect(systemPromptOf(fake)).not.toContain("<passages>");
    });

    it("never gives one agent another agent's knowledge", async () => {
      const otherAgent = await makeAgent(t, user, { name: "Blank Slate" });
      fake.setBehaviour({ replyText: "I do not know [1]." });
      const res = await postChat(t, user, otherAgent, { message: "How many days do I have to return an item?" });
      expect(systemPromptOf(fake)).not.toContain("45 days");
      expect(res.json<ChatResponse>().citations).toEqual([]);
    });

    it("uses knowledge in a voice turn without asking for or storing markers", async () => {
      fake.setBehaviour({ replyText: "You have 45 days to return it [1]." });
      const started = await t.app.inject({
        method: "POST",
        url: "/api/voice-conversations",
        headers: { cookie: user.cookie },
        payload: { agentId, title: "Call" },
      });
      const voiceId = started.json<{ id: string }>().id;
      const turn = await t.app.inject({
        method: "POST",
        url: `/api/voice-conversations/${voiceId}/turn`,
        headers: { cookie: user.cookie },
        payload: { message: "How long do I have to return something?", language: "en-US" },
      });
      expect(turn.statusCode).toBe(200);
      const prompt = systemPromptOf(fake);
      expect(prompt).toContain("within 45 days");
      expect(prompt).toContain("do not say passage numbers");
      // The model cited anyway: the marker is neither spoken, nor in the final transcript, nor
      // stored. (Deltas are the raw preview the dialog replaces with the done event's text.)
      const { frames } = parseSseFrames(turn.body);
      expect(frameData<{ text: string }>(frames, "audio").map((a) => a.text)).toEqual([
        "You have 45 days to return it.",
      ]);
      expect(frameData<{ response: string }>(frames, "done")[0].response).toBe("You have 45 days to return it.");
      const stored = await storedMessages(t, voiceId);
      expect(stored.at(-1)).toMatchObject({ content: "You have 45 days to return it." });
      expect(stored.at(-1)?.citations ?? []).toEqual([]);
    });
  });

  describe("with no language model (offline responder)", () => {
    let t: TestApp;
    let user: MadeUser;

    beforeAll(async () => {
      t = await startTestApp(engine);
      user = await makeUser(t);
    });
    afterAll(() => t.close());

    it("answers from the best passage, cited, and keeps its greeting for agents without knowledge", async () => {
      const agentId = await makeAgent(t, user, { name: "Olly Offline" });
      const policy = (await pasteText(t, user, agentId, "Returns policy", RETURNS_POLICY)).json<KnowledgeDocument>();
      const res = await postChat(t, user, agentId, { message: "Who pays for return shipping?" });
      const reply = res.json<ChatResponse>();
      expect(reply.offline).toBe(true);
      expect(reply.response).toMatch(/^According to Returns policy: .*flat fee of 6 euros.* \[1\]$/);
      expect(reply.citations).toEqual([expect.objectContaining({ marker: 1, documentId: policy.id })]);

      // An unrelated question in the same conversation borrows the previous message's words for
      // retrieval, but what comes back is not about it: no passage is quoted and no chip is shown.
      const ongoing = await postChat(t, user, agentId, {
        message: "What is the capital of France?",
        conversationId: reply.conversationId,
      });
      expect(ongoing.json<ChatResponse>().citations).toEqual([]);
      expect(ongoing.json<ChatResponse>().response).not.toContain("Returns policy");
      // A follow-up with no subject of its own still gets the passage its conversation is about.
      const followUp = await postChat(t, user, agentId, {
        message: "And for damaged goods?",
        conversationId: reply.conversationId,
      });
      expect(followUp.json<ChatResponse>().citations).toEqual([expect.objectContaining({ documentId: policy.id })]);

      const plain = await makeAgent(t, user, { name: "Plain Paula" });
      const greeting = await postChat(t, user, plain, { message: "Who pays for return shipping?" });
      expect(greeting.json<ChatResponse>().response).toMatch(/^Hello, I'm Plain Paula\./);
    });
  });
});
