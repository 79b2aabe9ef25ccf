/**
 * Taking over stops the agent mid-reply (issue 26), on each engine: the model's request is
 * withdrawn, the user's stream ends with what was said, and the reply is kept as partial,
 * as a user's Stop keeps it. And the live view hears of a new conversation once its first
 * message is stored.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TakeoverState } from "../../contracts/takeover.js";
import { recordBusEvents } from "../test-support/bus-events.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import {
  eventsOf,
  makeVoiceAgent,
  startVoiceConversation,
  storedMessages,
  turnEvents,
} from "../voice/voice-test-support.js";
import { fakeLlm, frameData, makeAgent, messagesOf, postChat, streamChat } from "../chat/chat-test-support.js";

describeEachEngine("taking over mid-reply", (engine) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let base: string;
  let admin: MadeUser;
  let talker: MadeUser;
  let agentId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp(engine, { overrides: { llm: fakeLlm(fake) } });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    admin = await makeOwner(t, { fullName: "Sam Admin", companyName: "Acme" });
    talker = await makeUser(t, { admin: false, companyName: "Acme" });
    agentId = await makeAgent(t, talker);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("tells the live view of a new conversation once its first message is stored", async () => {
    const events = recordBusEvents(t.deps.bus);
    const res = await postChat(t, talker, agentId, { message: "A brand new question" });
    expect(res.statusCode, res.body).toBe(200);
    const { conversationId } = res.json<{ conversationId: string }>();
    await events.next((e) => e.type === "conversation_active" && e.conversationId === conversationId);
    events.stop();
    const live = await t.app.inject({
      method: "GET",
      url: "/api/admin/live-conversations",
      headers: { cookie: admin.cookie },
    });
    expect(live.json<{ id: string }[]>().map((c) => c.id)).toContain(conversationId);
  });

  it("stops the agent's streaming reply, ends the user's stream with what was said, and keeps it as partial", async () => {
    const first = await postChat(t, talker, agentId, { message: "Hello there" });
    expect(first.statusCode, first.body).toBe(200);
    const { conversationId } = first.json<{ conversationId: string }>();
    // The model says its first words, then would wait for ever: only the takeover ends this reply.
    fake.setBehaviour({ replyText: "Let me explain our whole pricing model", chunkCount: 7, holdAfterChunks: 1 });

    let takingOver: Promise<{ statusCode: number; body: string }> | null = null;
    const streamed = await streamChat(
      base,
      talker,
      agentId,
      { message: "Tell me everything about pricing", conversationId },
      {
        onFrame: (frame) => {
          if (frame.event !== "delta" || takingOver) return;
          takingOver = t.app.inject({
            method: "POST",
            url: `/api/conversations/${conversationId}/takeover`,
            headers: { cookie: admin.cookie },
          });
        },
      },
    );
    const taken = await takingOver!;
    expect(taken.statusCode, taken.body).toBe(200);
    expect((JSON.parse(taken.body) as TakeoverState).heldByYou).toBe(true);

    // The stream ended by itself (nobody released the model), with a done carrying only what was said.
    expect(streamed.frames.map((f) => f.event)).toEqual(["conversation", "delta", "done"]);
    const said = frameData<{ text: string }>(streamed.frames, "delta")[0]!.text;
    expect(frameData<{ response: string }>(streamed.frames, "done")[0]!.response).toBe(said);

    const replies = (await messagesOf(t, talker, conversationId)).filter((m) => m.role === "assistant");
    expect(replies.at(-1)).toMatchObject({ status: "partial", content: said });
    expect(replies).toHaveLength(2);
  });

  it("stops a voice call's reply too: the turn ends with done, and the reply is never stored as complete", async () => {
    const voiceAgentId = await makeVoiceAgent(t, talker, { gender: "male" });
    const id = await startVoiceConversation(t, talker, voiceAgentId);
    const reply = "Sure, I can help with that. Your order shipped this morning. It should arrive on Friday.";
    // The model writes past the first sentence, then would wait for ever: only the takeover ends the turn.
    fake.setBehaviour({ replyText: reply, chunkCount: 12, holdAfterChunks: 6 });
    const modelCallsBefore = fake.requests.filter((r) => r.path.endsWith("/chat/completions")).length;
    // The embedded speech engine's cold start must not eat into the model's timeouts.
    const warm = await t.app.inject({
      method: "POST",
      url: "/api/tts",
      headers: { cookie: talker.cookie },
      payload: { text: "Warming up.", voice: "echo", language: "en-US" },
    });
    expect(warm.statusCode).toBe(200);
    const tts = t.deps.tts;
    const synthesize = tts.synthesize.bind(tts);
    let takingOver: Promise<{ statusCode: number; body: string }> | null = null;
    // Taken over as the first sentence goes to be spoken: the model has written past it and waits.
    tts.synthesize = (request) => {
      takingOver ??= t.app.inject({
        method: "POST",
        url: `/api/conversations/${id}/takeover`,
        headers: { cookie: admin.cookie },
      });
      return synthesize(request);
    };
    const res = await t.app
      .inject({
        method: "POST",
        url: `/api/voice-conversations/${id}/turn`,
        headers: { cookie: talker.cookie },
        payload: { language: "en-US", message: "Where is my order?" },
      })
      .finally(() => {
        tts.synthesize = synthesize;
      });
    expect(res.statusCode, res.body).toBe(200);
    const taken = await takingOver!;
    expect(taken.statusCode, taken.body).toBe(200);

    const { events, order } = turnEvents(res.body);
    expect(order.at(-1)).toBe("done");
    expect(order).not.toContain("error");
    const said = eventsOf(events, "delta")
      .map((d) => d.text)
      .join("");
    expect(said.length).toBeGreaterThan(0);
    expect(said.length).toBeLessThan(reply.length);
    expect(eventsOf(events, "done")[0]!.response).toBe(said.trim());
    const stored = (await storedMessages(t, id)).filter((m) => m.role === "assistant");
    // As when a caller speaks over the agent: a reply cut off before any of it was heard is not
    // kept; once some was heard, it is kept as partial. Never as a complete reply.
    const last = stored.at(-1);
    if (last) expect(last).toMatchObject({ status: "partial", content: said.trim() });
    expect(fake.requests.filter((r) => r.path.endsWith("/chat/completions")).length).toBe(modelCallsBefore + 1);
  });
});
