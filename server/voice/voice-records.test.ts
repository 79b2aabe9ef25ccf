/**
 * The records a voice call leaves (issue 11): the greeting and every reply stored as messages
 * with their audio, each clip linked to its message with its true length, replies the user
 * spoke over kept as spoken and flagged, cancelled turns replaced whole, and per-turn stages —
 * all through HTTP, with the model and transcriber faked at the wire.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminVoiceMessages } from "../../contracts/admin.js";
import type { VoiceTurnEvent } from "../../contracts/voice.js";
import { conversations } from "../db/schema.js";
import { usageRecords } from "../db/schema-usage.js";
import { createOpenAiCompatibleStt } from "../providers/stt/openai-compatible-stt.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { FAKE_WAV, startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import {
  eventsOf,
  fakeLlm,
  makeVoiceAgent,
  post,
  startVoiceConversation,
  storedAudio,
  storedClipsOf,
  storedMessages,
  streamTurn,
  turnEvents,
  wavDataUrl,
  wavMs,
} from "./voice-test-support.js";

const REPLY = "Sure, I can help with that. Your order shipped this morning. It should arrive on Friday.";
const FIRST_SENTENCE = "Sure, I can help with that.";
const GREETING = "Hello! I'm Vera. How can I help you today?";
/** A hang detector, not a speed bound: a loaded machine takes seconds to synthesise; a lost record never arrives. */
const RECORD_WAIT = { timeout: 60_000, interval: 50 };

const wavBytesOf = (audioUrl: string | null) => Buffer.from((audioUrl ?? "").split(",")[1] ?? "", "base64");

describeEachEngine("voice records", (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let base: string;
  let user: MadeUser;
  let stranger: MadeUser;
  let admin: MadeUser;
  let agentId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp(engine, {
      overrides: {
        llm: fakeLlm(fake),
        stt: createOpenAiCompatibleStt({ baseUrl: fake.url, model: "whisper-test" }),
      },
    });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    admin = await makeOwner(t);
    user = await makeUser(t);
    stranger = await makeUser(t);
    agentId = await makeVoiceAgent(t, user);
    // Loads the embedded engine now, so the first test waits for its greeting, not for a cold start.
    await post(t, user, "/api/tts", { text: "Warming up.", voice: "nova", language: "en-US" });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.setBehaviour({ replyText: REPLY });
  });

  const turn = async (conversationId: string, payload: Record<string, unknown>) => {
    const res = await post(t, user, `/api/voice-conversations/${conversationId}/turn`, {
      language: "en-US",
      ...payload,
    });
    expect(res.statusCode).toBe(200);
    return turnEvents(res.body);
  };
  const interrupt = (conversationId: string, messageId: string, spokenText: string, who: MadeUser = user) =>
    post(t, who, `/api/voice-conversations/${conversationId}/messages/${messageId}/interrupted`, { spokenText });
  const adminView = async (conversationId: string): Promise<AdminVoiceMessages> => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/admin/voice-conversations/${conversationId}/messages`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const messageCount = async (conversationId: string) =>
    (await t.deps.db.db.select().from(conversations).where(eq(conversations.id, conversationId)))[0].messageCount;
  const usageOf = (conversationId: string) =>
    t.deps.db.db.select().from(usageRecords).where(eq(usageRecords.conversationId, conversationId));

  describe("the greeting", () => {
    it("is stored as the first assistant message, and its audio follows, linked, with its true length", async () => {
      const res = await post(t, user, "/api/voice-conversations", {
        agentId,
        greeting: `  ${GREETING} `,
        language: "en-US",
      });
      expect(res.statusCode).toBe(201);
      const { id, greetingMessageId } = res.json() as { id: string; greetingMessageId: string };
      const [greeting] = await storedMessages(t, id);
      expect(greeting).toMatchObject({
        id: greetingMessageId,
        role: "assistant",
        content: GREETING,
        language: "en-US",
      });
      expect(await messageCount(id)).toBe(1);

      await expect.poll(async () => (await storedClipsOf(t, greetingMessageId)).length, RECORD_WAIT).toBe(1);
      const [clip] = await storedClipsOf(t, greetingMessageId);
      expect(clip.mimeType).toBe("audio/wav");
      expect(clip.durationMs).toBe(wavMs(clip.data));
      expect(clip.durationMs).toBeGreaterThan(500);

      // The admin plays it inline: the message carries it, and the route answers the stored bytes.
      const view = await adminView(id);
      expect(view.messages[0].audio.map((a) => [a.id, a.durationMs])).toEqual([[clip.id, clip.durationMs]]);
      const played = await t.app.inject({
        method: "GET",
        url: view.messages[0].audio[0].url,
        headers: { cookie: admin.cookie },
      });
      expect(played.headers["content-type"]).toBe("audio/wav");
      expect(played.rawPayload.equals(clip.data)).toBe(true);
    });

    it("is left out when none (or only spaces) is sent, and the answer says so", async () => {
      for (const payload of [{ agentId }, { agentId, greeting: "   " }]) {
        const res = await post(t, user, "/api/voice-conversations", payload);
        expect(res.json()).toEqual({ id: expect.any(String), greetingMessageId: null });
        expect(await storedMessages(t, res.json().id)).toEqual([]);
      }
    });

    it("does not make the first turn any less the start of the conversation", async () => {
      const res = await post(t, user, "/api/voice-conversations", { agentId, greeting: GREETING });
      const id = res.json().id as string;
      await turn(id, { message: "Where is my order?" });
      const [record] = await usageOf(id);
      expect(record.startedConversation).toBe(true);
    });
  });

  describe("a turn's records", () => {
    it("names both messages in `stored` before any delta, and links the user's clip and the reply's audio with true lengths", async () => {
      fake.setBehaviour({ replyText: REPLY, transcriptText: "Where is my order, please?" });
      const id = await startVoiceConversation(t, user, agentId);
      const { events, order } = await turn(id, { audioData: wavDataUrl(FAKE_WAV), recordingMs: 99_999 });
      expect(order.slice(0, 2)).toEqual(["transcript", "stored"]);
      expect(order.indexOf("stored")).toBeLessThan(order.indexOf("delta"));

      const [ids] = eventsOf(events, "stored");
      const [userMessage, reply] = await storedMessages(t, id);
      expect([userMessage.id, userMessage.content]).toEqual([ids.userMessageId, "Where is my order, please?"]);
      expect([reply.id, reply.replyTo, reply.content]).toEqual([ids.assistantMessageId, ids.userMessageId, REPLY]);

      // The user's clip: the bytes sent, and the WAV header's length, not the client's claim.
      const [heard] = await storedClipsOf(t, ids.userMessageId);
      expect(heard.data.equals(FAKE_WAV)).toBe(true);
      expect(heard.durationMs).toBe(wavMs(FAKE_WAV));

      // The reply's clip: every sentence's audio end to end, as long as they are together.
      const sentences = eventsOf(events, "audio");
      expect(sentences).toHaveLength(3);
      const [spoken] = await storedClipsOf(t, ids.assistantMessageId);
      expect(spoken.mimeType).toBe("audio/wav");
      expect(spoken.durationMs).toBe(wavMs(spoken.data));
      const sum = sentences.reduce((ms, s) => ms + wavMs(wavBytesOf(s.audioUrl)), 0);
      expect(Math.abs(spoken.durationMs! - sum)).toBeLessThanOrEqual(sentences.length);

      // The stages, on the reply and in done: transcript, then first token, then first audio.
      const stages = reply.stages!;
      expect(eventsOf(events, "done")[0].stages).toEqual(stages);
      expect(stages.transcriptMs).toEqual(expect.any(Number));
      expect(stages.firstTokenMs!).toBeGreaterThanOrEqual(stages.transcriptMs!);
      expect(stages.firstAudioMs!).toBeGreaterThanOrEqual(stages.firstTokenMs!);
      const view = await adminView(id);
      expect(view.messages.map((m) => [m.role, m.audio.length, m.stages, m.interrupted])).toEqual([
        ["user", 1, null, false],
        ["assistant", 1, stages, false],
      ]);
    });

    it("gives a typed turn a spoken, stored reply and no user clip", async () => {
      const id = await startVoiceConversation(t, user, agentId);
      const { events } = await turn(id, { message: "Typing because the browser cannot hear me" });
      const [ids] = eventsOf(events, "stored");
      expect(await storedClipsOf(t, ids.userMessageId)).toEqual([]);
      const [clip] = await storedClipsOf(t, ids.assistantMessageId);
      expect(clip.durationMs).toBe(wavMs(clip.data));
      const [, reply] = await storedMessages(t, id);
      expect(reply.stages).toMatchObject({ transcriptMs: null });
    });

    it("links a clip saved afterwards to the message it names, keeping the client's length for WebM", async () => {
      const id = await startVoiceConversation(t, user, agentId);
      const { events } = await turn(id, { message: "Heard by the browser" });
      const [ids] = eventsOf(events, "stored");
      const webm = Buffer.from("pretend this is opus in webm");
      const audioData = `data:audio/webm;codecs=opus;base64,${webm.toString("base64")}`;
      const saved = await post(t, user, `/api/voice-conversations/${id}/save-audio`, {
        audioData,
        messageId: ids.userMessageId,
        recordingMs: 2345,
      });
      expect(saved.statusCode).toBe(201);
      expect((await storedClipsOf(t, ids.userMessageId)).map((c) => [c.id, c.durationMs])).toEqual([
        [saved.json().id, 2345],
      ]);

      // Saved again (the dialog retried), it replaces the first rather than doubling it; a WAV's header wins over the claim.
      await post(t, user, `/api/voice-conversations/${id}/save-audio`, {
        audioData: wavDataUrl(FAKE_WAV),
        messageId: ids.userMessageId,
        recordingMs: 1,
      });
      const clips = await storedClipsOf(t, ids.userMessageId);
      expect(clips.map((c) => [c.mimeType, c.durationMs])).toEqual([["audio/wav", wavMs(FAKE_WAV)]]);

      // Only this conversation's user messages can be named.
      const other = await startVoiceConversation(t, user, agentId);
      for (const messageId of [ids.assistantMessageId, crypto.randomUUID()]) {
        const res = await post(t, user, `/api/voice-conversations/${id}/save-audio`, { audioData, messageId });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe("Message not found");
      }
      const elsewhere = await post(t, user, `/api/voice-conversations/${other}/save-audio`, {
        audioData,
        messageId: ids.userMessageId,
      });
      expect(elsewhere.statusCode).toBe(404);
      expect(await storedAudio(t, other)).toEqual([]);
    });
  });

  describe("a reply the user spoke over", () => {
    it("keeps what was spoken and the flag when the cut comes after the reply was stored, and again (idempotent)", async () => {
      const id = await startVoiceConversation(t, user, agentId);
      const { events } = await turn(id, { message: "Where is my order?" });
      const [ids] = eventsOf(events, "stored");
      for (let i = 0; i < 2; i++) {
        const res = await interrupt(id, ids.assistantMessageId, FIRST_SENTENCE);
        expect(res.statusCode).toBe(204);
        expect(res.body).toBe("");
      }
      const [, reply] = await storedMessages(t, id);
      expect(reply).toMatchObject({ content: FIRST_SENTENCE, interrupted: true, status: "complete" });
      expect((await adminView(id)).messages[1]).toMatchObject({ content: FIRST_SENTENCE, interrupted: true });
      expect(await messageCount(id)).toBe(2);
    });

    it("stores an empty cut as empty, still flagged", async () => {
      const id = await startVoiceConversation(t, user, agentId);
      const { events } = await turn(id, { message: "Where is my order?" });
      const [ids] = eventsOf(events, "stored");
      expect((await interrupt(id, ids.assistantMessageId, "")).statusCode).toBe(204);
      expect((await storedMessages(t, id))[1]).toMatchObject({ content: "", interrupted: true });
    });

    /** A turn over a real socket, the model holding mid-reply after the first sentence was spoken. */
    const heldTurn = async (
      id: string,
      whileHeld: (ids: { userMessageId: string; assistantMessageId: string }) => Promise<void>,
    ) => {
      fake.setBehaviour({ replyText: REPLY, chunkCount: 12, holdAfterChunks: 6 });
      const controller = new AbortController();
      let ids: { userMessageId: string; assistantMessageId: string } | null = null;
      const { events } = await streamTurn(
        base,
        user,
        id,
        { message: "Where is my order?" },
        {
          signal: controller.signal,
          onEvent: async (event: VoiceTurnEvent) => {
            if (event.event === "stored") ids = event.data;
            if (event.event === "audio" && event.data.index === 0)
              await whileHeld(ids!).finally(() => controller.abort());
          },
        },
      );
      expect(eventsOf(events, "done")).toEqual([]);
      return ids!;
    };

    it("keeps what was spoken when the cut arrives while the reply is still streaming", async () => {
      const id = await startVoiceConversation(t, user, agentId);
      const ids = await heldTurn(id, async ({ assistantMessageId }) => {
        expect((await interrupt(id, assistantMessageId, FIRST_SENTENCE)).statusCode).toBe(204);
      });
      // The aborted turn ends by storing the reply's audio: the last thing it writes.
      await expect.poll(async () => (await storedClipsOf(t, ids.assistantMessageId)).length, RECORD_WAIT).toBe(1);
      const messages = await storedMessages(t, id);
      expect(messages.map((m) => [m.role, m.content, m.interrupted, m.replyTo])).toEqual([
        ["user", "Where is my order?", false, null],
        ["assistant", FIRST_SENTENCE, true, ids.userMessageId],
      ]);
      expect(messages[1].stages?.firstAudioMs).toEqual(expect.any(Number));
      expect(await messageCount(id)).toBe(2);
    });

    it("keeps what was spoken when the cut arrives after the client aborted the stream", async () => {
      const id = await startVoiceConversation(t, user, agentId);
      const ids = await heldTurn(id, async () => undefined);
      // Some of it was heard, so the aborted turn keeps the reply (and then its audio).
      await expect.poll(async () => (await storedClipsOf(t, ids.assistantMessageId)).length, RECORD_WAIT).toBe(1);
      expect((await interrupt(id, ids.assistantMessageId, FIRST_SENTENCE)).statusCode).toBe(204);
      const messages = await storedMessages(t, id);
      expect(messages.map((m) => [m.role, m.content, m.interrupted, m.status])).toEqual([
        ["user", "Where is my order?", false, "complete"],
        ["assistant", FIRST_SENTENCE, true, "partial"],
      ]);
      expect(await messageCount(id)).toBe(2);
    });

    it("keeps nothing of a reply aborted before any of it was spoken, unless the client names it", async () => {
      fake.setBehaviour({ replyText: REPLY, chunkCount: 12, holdAfterChunks: 1 });
      const id = await startVoiceConversation(t, user, agentId);
      const controller = new AbortController();
      let ids: { userMessageId: string; assistantMessageId: string } | null = null;
      await streamTurn(
        base,
        user,
        id,
        { message: "Where is my order?" },
        {
          signal: controller.signal,
          onEvent: (event) => {
            if (event.event === "stored") ids = event.data;
            if (event.event === "delta") controller.abort();
          },
        },
      );
      // The turn's usage is recorded once it has decided what to keep.
      await expect.poll(async () => (await usageOf(id)).length, RECORD_WAIT).toBe(1);
      expect((await storedMessages(t, id)).map((m) => m.role)).toEqual(["user"]);

      expect((await interrupt(id, ids!.assistantMessageId, "")).statusCode).toBe(204);
      const messages = await storedMessages(t, id);
      expect(messages.map((m) => [m.id, m.content, m.interrupted, m.replyTo])).toEqual([
        [ids!.userMessageId, "Where is my order?", false, null],
        [ids!.assistantMessageId, "", true, ids!.userMessageId],
      ]);
      expect(await messageCount(id)).toBe(2);
    });

    it("is refused with 404 for another user's conversation, a message that is not a reply here, or a malformed id", async () => {
      const id = await startVoiceConversation(t, user, agentId);
      const { events } = await turn(id, { message: "Where is my order?" });
      const [ids] = eventsOf(events, "stored");
      const refusals: [MadeUser, string, string][] = [
        [stranger, id, ids.assistantMessageId],
        [user, id, ids.userMessageId],
        [user, id, "not-a-uuid"],
        [user, await startVoiceConversation(t, user, agentId), ids.assistantMessageId],
      ];
      for (const [who, conversationId, messageId] of refusals) {
        const res = await interrupt(conversationId, messageId, "Sure", who);
        expect(res.statusCode, `${conversationId}/${messageId}`).toBe(404);
      }
      expect((await storedMessages(t, id))[1]).toMatchObject({ content: REPLY, interrupted: false });
    });
  });

  describe("a turn that replaces a cancelled one", () => {
    it("leaves one user message with the whole utterance, its reply, and nothing of the cancelled turn", async () => {
      fake.setBehaviour({ replyText: REPLY, transcriptText: "Hello, I need help with my order." });
      const id = await startVoiceConversation(t, user, agentId);
      const first = await turn(id, { audioData: wavDataUrl(FAKE_WAV) });
      const [cancelled] = eventsOf(first.events, "stored");
      expect(await storedClipsOf(t, cancelled.userMessageId)).toHaveLength(1);

      const whole = "Hello, I need help with my order. It was supposed to arrive last week.";
      fake.setBehaviour({ replyText: REPLY, transcriptText: whole });
      fake.requests.length = 0;
      const second = await turn(id, { audioData: wavDataUrl(FAKE_WAV), replaces: cancelled.userMessageId });
      const [ids] = eventsOf(second.events, "stored");

      const messages = await storedMessages(t, id);
      expect(messages.map((m) => [m.id, m.role, m.content])).toEqual([
        [ids.userMessageId, "user", whole],
        [ids.assistantMessageId, "assistant", REPLY],
      ]);
      expect(await messageCount(id)).toBe(2);
      // The cancelled turn's clips went with it; the model never saw it as history.
      expect((await storedAudio(t, id)).map((c) => c.messageId).sort()).toEqual(
        [ids.userMessageId, ids.assistantMessageId].sort(),
      );
      const sent = fake.requests.find((r) => r.path === "/v1/chat/completions")?.body as {
        messages: { content: string }[];
      };
      expect(sent.messages.filter((m) => m.content.includes("help with my order"))).toHaveLength(1);
    });

    it("refuses the cancelled turn's reply when it is finished after the replacement was stored", async () => {
      fake.setBehaviour({ replyText: REPLY, chunkCount: 12, holdAfterChunks: 6 });
      const id = await startVoiceConversation(t, user, agentId);
      let replacement: Promise<{ events: VoiceTurnEvent[] }> | null = null;
      const cancelled = await streamTurn(
        base,
        user,
        id,
        { message: "Hello, I need help" },
        {
          onEvent: async (event) => {
            if (event.event !== "stored") return;
            // The replacement is stored (and held in its turn) while the first reply is still being written.
            let heldSecond: () => void = () => undefined;
            const secondStored = new Promise<void>((resolve) => (heldSecond = resolve));
            replacement = streamTurn(
              base,
              user,
              id,
              {
                message: "Hello, I need help with my order.",
                replaces: event.data.userMessageId,
              },
              { onEvent: (e) => (e.event === "stored" ? heldSecond() : undefined) },
            );
            await secondStored;
            fake.release();
          },
        },
      );
      const second = await replacement!;
      // The cancelled turn still ends normally for its client (which has stopped listening).
      expect(cancelled.events.map((e) => e.event).filter((name) => name !== "delta" && name !== "audio")).toEqual([
        "stored",
        "done",
      ]);
      const [ids] = eventsOf(second.events, "stored");
      const messages = await storedMessages(t, id);
      expect(messages.map((m) => [m.id, m.content])).toEqual([
        [ids.userMessageId, "Hello, I need help with my order."],
        [ids.assistantMessageId, REPLY],
      ]);
      expect(await messageCount(id)).toBe(2);
    });
  });
});
