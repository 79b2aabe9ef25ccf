/**
 * Message branches through HTTP on both engines, with the real provider client against the fake
 * model on the wire: an edit keeps the old branch, a regeneration keeps the earlier replies, the
 * model is given the active branch only, the switcher shows another version, a stopped reply is
 * stored as partial and regenerated beside, and another person's message ids are unknown (404).
 */
import { errorBody } from "../../contracts/errors.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../../contracts/chat.js";
import { messages as messagesTable } from "../db/schema.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { fakeLlm, makeAgent, messagesOf, modelCalls, postChat, streamChat } from "./chat-test-support.js";
import { eq } from "drizzle-orm";

/** How long to wait for the server to store a stopped reply; never near a real duration. */
const STORED_DEADLINE_MS = 10_000;

describeEachEngine("message branches", (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let base: string;
  let user: MadeUser;
  let agentId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const llm = fakeLlm(fake);
    t = await startTestApp(engine, {
      overrides: { llm: { kind: "openai-compatible", streamReply: (request) => llm.streamReply(request) } },
    });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    user = await makeUser(t);
    agentId = await makeAgent(t, user);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.setBehaviour({}));

  /** One turn answered with `reply`; its conversation. */
  async function turn(payload: Record<string, unknown>, reply = "Hello from the fake model.") {
    fake.setBehaviour({ replyText: reply });
    const res = await postChat(t, user, agentId, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { conversationId: string; response: string };
  }

  /** What the model was sent last, after the system prompt. */
  const lastSent = () =>
    (modelCalls(fake).at(-1)?.body as { messages: { role: string; content: string }[] }).messages.slice(1);

  const view = (list: ChatMessage[]) =>
    list.map((m) => [m.role, m.content, m.siblingIds.indexOf(m.id) + 1, m.siblingIds.length]);

  async function storedRows(conversationId: string) {
    return t.deps.db.db.select().from(messagesTable).where(eq(messagesTable.conversationId, conversationId));
  }

  function choose(conversationId: string, messageId: string, who: MadeUser = user) {
    return t.app.inject({
      method: "PUT",
      url: `/api/conversations/${conversationId}/branch`,
      headers: { cookie: who.cookie },
      payload: { messageId },
    });
  }

  it("keeps the old branch when a message is edited and resent, and gives the model the new branch only", async () => {
    const { conversationId } = await turn({ message: "My budget is 10k" }, "Noted: 10k.");
    await turn({ message: "Which plan fits?", conversationId }, "The Team plan.");
    const before = await messagesOf(t, user, conversationId);
    const edited = before[2]!;

    await turn({ message: "Which plan fits a team of 50?", conversationId, editOf: edited.id }, "The Business plan.");

    // The model saw the first exchange and the edited question, never the version it replaces.
    expect(lastSent()).toEqual([
      { role: "user", content: "My budget is 10k" },
      { role: "assistant", content: "Noted: 10k." },
      { role: "user", content: "Which plan fits a team of 50?" },
    ]);
    const after = await messagesOf(t, user, conversationId);
    expect(view(after)).toEqual([
      ["user", "My budget is 10k", 1, 1],
      ["assistant", "Noted: 10k.", 1, 1],
      ["user", "Which plan fits a team of 50?", 2, 2],
      ["assistant", "The Business plan.", 1, 1],
    ]);
    expect(after[2]!.siblingIds[0]).toBe(edited.id);
    // Nothing was deleted: all six messages are stored and counted.
    expect(await storedRows(conversationId)).toHaveLength(6);

    // The switcher shows the old version again, with its own reply, and the next turn follows it.
    const switched = await choose(conversationId, edited.id);
    expect(switched.statusCode).toBe(200);
    expect(view(switched.json() as ChatMessage[])).toEqual([
      ["user", "My budget is 10k", 1, 1],
      ["assistant", "Noted: 10k.", 1, 1],
      ["user", "Which plan fits?", 1, 2],
      ["assistant", "The Team plan.", 1, 1],
    ]);
    expect(view(await messagesOf(t, user, conversationId))).toEqual(view(switched.json() as ChatMessage[]));
    await turn({ message: "And its price?", conversationId }, "49 a month.");
    expect(lastSent()).toEqual([
      { role: "user", content: "My budget is 10k" },
      { role: "assistant", content: "Noted: 10k." },
      { role: "user", content: "Which plan fits?" },
      { role: "assistant", content: "The Team plan." },
      { role: "user", content: "And its price?" },
    ]);
  });

  it("edits the first message into a second version of the conversation's start", async () => {
    const { conversationId } = await turn({ message: "Hi" }, "Hello!");
    const [first] = await messagesOf(t, user, conversationId);
    await turn({ message: "Good morning", conversationId, editOf: first!.id }, "Morning!");
    expect(lastSent()).toEqual([{ role: "user", content: "Good morning" }]);
    expect(view(await messagesOf(t, user, conversationId))).toEqual([
      ["user", "Good morning", 2, 2],
      ["assistant", "Morning!", 1, 1],
    ]);
  });

  it("keeps every earlier reply when one is regenerated, and asks the model the stored question again", async () => {
    const { conversationId } = await turn({ message: "Name a colour" }, "Red.");
    await turn({ message: "Another one", conversationId }, "Blue.");
    const [, , question, reply] = await messagesOf(t, user, conversationId);

    const regenerated = await turn({ conversationId, regenerateOf: reply!.id }, "Green.");
    expect(regenerated.response).toBe("Green.");
    expect(lastSent()).toEqual([
      { role: "user", content: "Name a colour" },
      { role: "assistant", content: "Red." },
      { role: "user", content: "Another one" },
    ]);
    // Naming the user message asks it again too.
    await turn({ conversationId, regenerateOf: question!.id }, "Yellow.");

    const after = await messagesOf(t, user, conversationId);
    expect(view(after)).toEqual([
      ["user", "Name a colour", 1, 1],
      ["assistant", "Red.", 1, 1],
      ["user", "Another one", 1, 1],
      ["assistant", "Yellow.", 3, 3],
    ]);
    expect(after[3]!.siblingIds[0]).toBe(reply!.id);
    // A regeneration stores no user message: three replies under one question, six rows.
    expect(await storedRows(conversationId)).toHaveLength(6);
    const summary = (
      await t.app.inject({ method: "GET", url: "/api/conversations", headers: { cookie: user.cookie } })
    ).json() as { id: string; messageCount: number }[];
    expect(summary.find((c) => c.id === conversationId)?.messageCount).toBe(6);

    // The next turn follows the newest reply.
    await turn({ message: "Thanks", conversationId });
    expect(lastSent().slice(-2)).toEqual([
      { role: "assistant", content: "Yellow." },
      { role: "user", content: "Thanks" },
    ]);
  });

  it("retries a failed reply as a regeneration: the failure stays, as version 1", async () => {
    fake.setBehaviour({ failure: "http-500" });
    const failed = await postChat(t, user, agentId, { message: "Will this work?" });
    expect(failed.statusCode).toBe(502);
    const conversationId = (failed.json() as { conversationId: string }).conversationId;
    const [, failedReply] = await messagesOf(t, user, conversationId);
    expect(failedReply!.status).toBe("failed");

    await turn({ conversationId, regenerateOf: failedReply!.id }, "It works now.");
    expect(lastSent()).toEqual([{ role: "user", content: "Will this work?" }]);
    const after = await messagesOf(t, user, conversationId);
    expect(after.map((m) => [m.role, m.status, m.content, m.siblingIds.length])).toEqual([
      ["user", "complete", "Will this work?", 1],
      ["assistant", "complete", "It works now.", 2],
    ]);
    const back = (await choose(conversationId, failedReply!.id)).json() as ChatMessage[];
    expect(back.map((m) => m.status)).toEqual(["complete", "failed"]);
  });

  it("stores a stopped reply as partial and keeps it beside its regeneration", async () => {
    fake.setBehaviour({ replyText: "a b c d e f g h i j", chunkCount: 10, holdAfterChunks: 1 });
    const controller = new AbortController();
    let conversationId = "";
    await streamChat(
      base,
      user,
      agentId,
      { message: "Long answer please" },
      {
        signal: controller.signal,
        onFrame: (frame) => {
          if (frame.event === "conversation")
            conversationId = (JSON.parse(frame.data) as { conversationId: string }).conversationId;
          if (frame.event === "delta") controller.abort();
        },
      },
    ).catch((error: unknown) => {
      if (!(error instanceof Error) || error.name !== "AbortError") throw error;
    });
    const stopped = await vi.waitFor(
      async () => {
        const reply = (await messagesOf(t, user, conversationId)).find((m) => m.role === "assistant");
        if (!reply) throw new Error("no reply stored yet");
        return reply;
      },
      { timeout: STORED_DEADLINE_MS, interval: 20 },
    );
    expect(stopped).toMatchObject({ status: "partial", content: "a " });
    fake.release();

    await turn({ conversationId, regenerateOf: stopped.id }, "A whole answer.");
    const after = await messagesOf(t, user, conversationId);
    expect(view(after)).toEqual([
      ["user", "Long answer please", 1, 1],
      ["assistant", "A whole answer.", 2, 2],
    ]);
    const back = (await choose(conversationId, stopped.id)).json() as ChatMessage[];
    expect(back[1]).toMatchObject({ id: stopped.id, status: "partial", content: "a " });

    // The admin's record tells it truthfully: the stopped reply as stopped, beside its regeneration.
    const admin = await makeUser(t, { admin: true });
    const record = await t.app.inject({
      method: "GET",
      url: `/api/admin/conversation/${conversationId}/messages`,
      headers: { cookie: admin.cookie },
    });
    expect(record.statusCode).toBe(200);
    const listed = record.json() as { content: string; status: string; versionIndex: number; versionCount: number }[];
    expect(listed.map((m) => [m.content, m.status, m.versionIndex, m.versionCount])).toEqual([
      ["Long answer please", "complete", 1, 1],
      ["a ", "partial", 1, 2],
      ["A whole answer.", "complete", 2, 2],
    ]);
  });

  it("shows the admin every version of a branched conversation, in stored order, with its place", async () => {
    const admin = await makeUser(t, { admin: true });
    const { conversationId } = await turn({ message: "First try" }, "Reply one.");
    const [question, reply] = await messagesOf(t, user, conversationId);
    await turn({ conversationId, regenerateOf: reply!.id }, "Reply two.");
    await turn({ message: "Second try", conversationId, editOf: question!.id }, "Reply three.");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/admin/conversation/${conversationId}/messages`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const listed = res.json() as { content: string; versionIndex: number; versionCount: number }[];
    expect(listed.map((m) => [m.content, m.versionIndex, m.versionCount])).toEqual([
      ["First try", 1, 2],
      ["Reply one.", 1, 2],
      ["Reply two.", 2, 2],
      ["Second try", 2, 2],
      ["Reply three.", 1, 1],
    ]);
  });

  describe("another person's messages", () => {
    let stranger: MadeUser;
    let theirConversation: string;
    let theirMessage: string;
    let mine: string;

    beforeAll(async () => {
      stranger = await makeUser(t);
      const theirAgent = await makeAgent(t, stranger);
      const res = await postChat(t, stranger, theirAgent, { message: "Private words" });
      theirConversation = (res.json() as { conversationId: string }).conversationId;
      theirMessage = (await messagesOf(t, stranger, theirConversation))[0]!.id;
      mine = (await turn({ message: "My own words" })).conversationId;
    });

    it("cannot be edited, regenerated or shown from one's own conversation (404, nothing stored, model not asked)", async () => {
      const calls = modelCalls(fake).length;
      for (const payload of [
        { message: "Changed", conversationId: mine, editOf: theirMessage },
        { conversationId: mine, regenerateOf: theirMessage },
      ]) {
        const res = await postChat(t, user, agentId, payload);
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual(errorBody("MESSAGE_NOT_FOUND"));
      }
      const res = await choose(mine, theirMessage);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(errorBody("MESSAGE_NOT_FOUND"));
      expect(modelCalls(fake)).toHaveLength(calls);
      expect(await storedRows(mine)).toHaveLength(2);
      expect(await storedRows(theirConversation)).toHaveLength(2);
    });

    it("cannot have their conversation's branch switched (404)", async () => {
      const res = await choose(theirConversation, theirMessage);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(errorBody("CONVERSATION_NOT_FOUND"));
    });
  });

  it("refuses a branch request without its conversation, or with both kinds of branch (400)", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const payload of [
      { message: "x", editOf: id },
      { regenerateOf: id },
      { message: "x", conversationId: id, editOf: id, regenerateOf: id },
      { conversationId: id },
      { message: "x", conversationId: id, regenerateOf: id },
    ]) {
      const res = await postChat(t, user, agentId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { message: string }).message).toEqual(expect.any(String));
    }
  });
});
