import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNTITLED_CONVERSATION } from "../../contracts/chat.js";
import { CHAT_MESSAGE_MAX } from "../../contracts/limits.js";
import { agents } from "../db/schema.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { conversationsOf, makeAgent, messagesOf, postChat } from "./chat-test-support.js";

describeEachEngine("text chat", (engine) => {
  let t: TestApp;
  let alice: MadeUser;
  let bob: MadeUser;
  let agentId: string;
  beforeAll(async () => {
    // No LLM_BASE_URL: the built-in offline responder answers.
    t = await startTestApp(engine);
    alice = await makeUser(t);
    bob = await makeUser(t);
    agentId = await makeAgent(t, alice);
  });
  afterAll(() => t.close());

  it("answers a first message with a new conversation and an offline reply in the agent's persona", async () => {
    const res = await postChat(t, alice, agentId, { message: "Hello there", conversationId: null });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ securityLock: false, offline: true });
    expect(body.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.response).toContain("Sally Sales");

    const messages = await messagesOf(t, alice, body.conversationId);
    expect(messages.map((m) => [m.role, m.status, m.offline])).toEqual([
      ["user", "complete", false],
      ["assistant", "complete", true],
    ]);
    expect(messages[0]).toMatchObject({ content: "Hello there", timestamp: messages[0]?.createdAt });
    expect(messages[1]?.content).toBe(body.response);
  });

  it("accepts a request without conversationId as a new conversation", async () => {
    const res = await postChat(t, alice, agentId, { message: "No id given" });
    expect(res.statusCode).toBe(200);
    expect(res.json().conversationId).toBeTruthy();
  });

  it("titles a conversation with the first sentence of its first message", async () => {
    const res = await postChat(t, alice, agentId, { message: "  Can you draft a cold email? It is for a CFO.  " });
    const list = await conversationsOf(t, alice);
    expect(list.find((c) => c.id === res.json().conversationId)?.title).toBe("Can you draft a cold email?");
  });

  it("keeps counting both roles and bumps updatedAt on each turn, newest conversation first", async () => {
    const first = await postChat(t, alice, agentId, { message: "First turn", conversationId: null });
    const conversationId = first.json().conversationId as string;
    const before = (await conversationsOf(t, alice)).find((c) => c.id === conversationId);
    expect(before).toMatchObject({
      messageCount: 2,
      agentId,
      agentName: "Sally Sales",
      securityLock: false,
      lockedUntil: null,
    });

    t.clock.advance(60_000);
    await postChat(t, alice, agentId, { message: "Second turn", conversationId });
    const list = await conversationsOf(t, alice);
    const after = list.find((c) => c.id === conversationId);
    expect(after?.messageCount).toBe(4);
    expect(Date.parse(after?.updatedAt ?? "")).toBe(Date.parse(before?.updatedAt ?? "") + 60_000);
    expect(list[0]?.id).toBe(conversationId);
    const messages = await messagesOf(t, alice, conversationId);
    expect(messages.map((m) => m.content.slice(0, 11))).toEqual([
      "First turn",
      expect.any(String),
      "Second turn",
      expect.any(String),
    ]);
  });

  it("adds one to the agent's chatsSent per turn", async () => {
    const read = async () => (await t.deps.db.db.select().from(agents).where(eq(agents.id, agentId)))[0]?.chatsSent;
    const before = await read();
    const res = await postChat(t, alice, agentId, { message: "Count me", conversationId: null });
    await postChat(t, alice, agentId, { message: "And me", conversationId: res.json().conversationId });
    expect(await read()).toBe((before ?? 0) + 2);
  });

  describe("validation", () => {
    const cases: [string, unknown, RegExp][] = [
      ["an empty message", { message: "", conversationId: null }, /must not be empty/],
      ["a whitespace-only message", { message: " \n\t ", conversationId: null }, /must not be empty/],
      ["a message over the length limit", { message: "x".repeat(CHAT_MESSAGE_MAX + 1) }, /at most 8000/],
      ["a missing message", { conversationId: null }, /message/],
      ["a malformed conversation id", { message: "hi", conversationId: "nope" }, /conversationId/],
    ];
    for (const [what, payload, message] of cases) {
      it(`refuses ${what} with 400 and stores nothing`, async () => {
        const before = (await conversationsOf(t, alice)).length;
        const res = await postChat(t, alice, agentId, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(message);
        expect((await conversationsOf(t, alice)).length).toBe(before);
      });
    }

    it("accepts a message of exactly the maximum length", async () => {
      const res = await postChat(t, alice, agentId, { message: "y".repeat(CHAT_MESSAGE_MAX) });
      expect(res.statusCode).toBe(200);
    });
  });

  describe("permissions and ownership", () => {
    it("refuses a signed-out visitor with 401 on every chat route", async () => {
      expect((await postChat(t, null, agentId, { message: "hi" })).statusCode).toBe(401);
      expect((await t.app.inject({ method: "GET", url: "/api/conversations" })).statusCode).toBe(401);
      const anyId = "00000000-0000-4000-8000-000000000000";
      expect((await t.app.inject({ method: "GET", url: `/api/conversations/${anyId}/messages` })).statusCode).toBe(401);
    });

    it("treats another user's agent, a missing agent and a malformed id as 'Agent not found'", async () => {
      for (const id of [agentId, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
        const res = await postChat(t, bob, id, { message: "hi" });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe("Agent not found");
      }
    });

    it("hides a user's conversations and messages from everyone else", async () => {
      const res = await postChat(t, alice, agentId, { message: "Private plans" });
      const conversationId = res.json().conversationId as string;
      expect((await conversationsOf(t, bob)).some((c) => c.id === conversationId)).toBe(false);
      const read = await t.app.inject({
        method: "GET",
        url: `/api/conversations/${conversationId}/messages`,
        headers: { cookie: bob.cookie },
      });
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe("Conversation not found");

      const bobAgent = await makeAgent(t, bob, { name: "Bob's Bot" });
      const intrude = await postChat(t, bob, bobAgent, { message: "let me in", conversationId });
      expect(intrude.statusCode).toBe(404);
      expect((await messagesOf(t, alice, conversationId)).length).toBe(2);
    });

    it("refuses a conversation of another of the user's agents with 404", async () => {
      const other = await makeAgent(t, alice, { name: "Other Agent" });
      const res = await postChat(t, alice, agentId, { message: "for Sally" });
      const crossed = await postChat(t, alice, other, {
        message: "wrong agent",
        conversationId: res.json().conversationId,
      });
      expect(crossed.statusCode).toBe(404);
      expect(crossed.json().message).toBe("Conversation not found");
    });

    it("refuses to chat with an inactive agent with 409 and a reason", async () => {
      const sleepy = await makeAgent(t, alice, { name: "Sleepy", isActive: false });
      const res = await postChat(t, alice, sleepy, { message: "wake up" });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/inactive/);
    });

    it("answers an unknown conversation id with 404", async () => {
      const res = await postChat(t, alice, agentId, {
        message: "hi",
        conversationId: "00000000-0000-4000-8000-000000000000",
      });
      expect(res.statusCode).toBe(404);
    });
  });

  it("names a conversation 'Untitled Conversation' when its first message has no sentence", async () => {
    const res = await postChat(t, alice, agentId, { message: "..." });
    const found = (await conversationsOf(t, alice)).find((c) => c.id === res.json().conversationId);
    expect(found?.title).toBe(UNTITLED_CONVERSATION);
  });
});
