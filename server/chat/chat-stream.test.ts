/**
 * Text chat against the real OpenAI SDK and a fake provider on the wire. Nothing here waits
 * on the clock: the fake holds its stream at a chosen chunk until the test lets it go, the
 * one timeout meant to trip is the only thing that can happen (the fake never answers), and
 * every other bound is far beyond any healthy reply, so a busy machine changes no outcome.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatResponse, ChatSseError } from "../../contracts/chat.js";
import type { LlmProvider } from "../providers/llm/llm-provider.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import {
  fakeLlm,
  frameData,
  logLinesInto,
  logLinesOf,
  makeAgent,
  messagesOf,
  modelCalls,
  postChat,
  streamChat,
} from "./chat-test-support.js";

const HISTORY_CHARS = 200;
/** How long a held stream waits before the test gives up on seeing a delta; reached only when deltas are buffered. */
const BUFFERED_REPLY_DEADLINE_MS = 10_000;
/** Short, and nothing races it: the fake never sends a byte, and the whole-reply bound is far longer. */
const FIRST_BYTE_TIMEOUT_MS = 100;
/** How long to wait for the server to store what it has, once the client has gone; never near a real duration. */
const STORED_DEADLINE_MS = 10_000;

describeEachEngine("chat against an OpenAI-compatible model", (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let base: string;
  let user: MadeUser;
  let agentId: string;
  /** This test's log lines: a fresh buffer each time, so one test's failure never shows up in another's. */
  let logLines: string[] = [];
  /** This test's model provider: generous bounds, unless the test wants a timeout to trip. */
  let llm: LlmProvider;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp(engine, {
      env: { LLM_HISTORY_CHARS: String(HISTORY_CHARS) },
      overrides: {
        llm: { kind: "openai-compatible", streamReply: (request) => llm.streamReply(request) },
        logger: { level: "warn", stream: logLinesInto(() => logLines) },
      },
    });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    user = await makeUser(t);
    agentId = await makeAgent(t, user, { personality: "Warm and direct" });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.setBehaviour({});
    logLines = [];
    llm = fakeLlm(fake);
  });

  it("streams the reply as server-sent events: conversation, each delta as it arrives, then done", async () => {
    // The model sends its first delta, then waits until the client has it: a buffered reply never gets there.
    fake.setBehaviour({ replyText: "One. Two. Three. Four.", chunkCount: 4, holdAfterChunks: 1 });
    const seenWhileHeld: string[] = [];
    let held = true;
    const release = () => {
      held = false;
      fake.release();
    };
    const giveUp = setTimeout(release, BUFFERED_REPLY_DEADLINE_MS);
    const res = await streamChat(
      base,
      user,
      agentId,
      { message: "Count to four", conversationId: null },
      {
        onFrame: (frame) => {
          if (!held) return;
          seenWhileHeld.push(frame.event);
          if (frame.event === "delta") release();
        },
      },
    ).finally(() => clearTimeout(giveUp));
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/event-stream/);
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    expect(res.headers.get("cache-control")).toMatch(/no-cache/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-encoding")).toBeNull();

    expect(res.frames.map((f) => f.event)).toEqual(["conversation", "delta", "delta", "delta", "delta", "done"]);
    const [{ conversationId }] = frameData<{ conversationId: string }>(res.frames, "conversation");
    const deltas = frameData<{ text: string }>(res.frames, "delta").map((d) => d.text);
    expect(deltas.join("")).toBe("One. Two. Three. Four.");
    const [done] = frameData<ChatResponse>(res.frames, "done");
    expect(done).toEqual({
      conversationId,
      response: "One. Two. Three. Four.",
      securityLock: false,
      offline: false,
      citations: [],
    });

    // Flushed one by one: the first delta reached the client while the model still held the rest.
    expect(seenWhileHeld).toEqual(["conversation", "delta"]);

    const stored = await messagesOf(t, user, conversationId);
    expect(stored.map((m) => [m.role, m.status, m.offline])).toEqual([
      ["user", "complete", false],
      ["assistant", "complete", false],
    ]);
  });

  it("answers JSON when the client does not ask for a stream", async () => {
    const res = await postChat(t, user, agentId, { message: "Plain please", conversationId: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ response: "Hello from the fake model.", securityLock: false, offline: false });
  });

  it("sends the agent's persona as the system prompt and the earlier turns as history", async () => {
    const first = await postChat(t, user, agentId, { message: "My budget is 10k", conversationId: null });
    const conversationId = first.json().conversationId as string;
    await postChat(t, user, agentId, { message: "What can I buy?", conversationId });
    const sent = modelCalls(fake).at(-1)?.body as { messages: { role: string; content: string }[]; stream: boolean };
    expect(sent.stream).toBe(true);
    expect(sent.messages[0]?.role).toBe("system");
    expect(sent.messages[0]?.content).toContain("You are Sally Sales.");
    expect(sent.messages[0]?.content).toContain("Personality: Warm and direct");
    expect(sent.messages.slice(1)).toEqual([
      { role: "user", content: "My budget is 10k" },
      { role: "assistant", content: "Hello from the fake model." },
      { role: "user", content: "What can I buy?" },
    ]);
  });

  it("keeps the history within LLM_HISTORY_CHARS, dropping the oldest turns first", async () => {
    const long = `Background: ${"x".repeat(HISTORY_CHARS)}`;
    const first = await postChat(t, user, agentId, { message: long, conversationId: null });
    const conversationId = first.json().conversationId as string;
    await postChat(t, user, agentId, { message: "Short follow-up", conversationId });
    await postChat(t, user, agentId, { message: "And now?", conversationId });
    const sent = modelCalls(fake).at(-1)?.body as { messages: { role: string; content: string }[] };
    const history = sent.messages.slice(1, -1);
    expect(history.map((m) => m.content)).toEqual([
      "Hello from the fake model.",
      "Short follow-up",
      "Hello from the fake model.",
    ]);
    expect(history.reduce((n, m) => n + m.content.length, 0)).toBeLessThanOrEqual(HISTORY_CHARS);
  });

  describe("when the provider fails", () => {
    it("answers 502 on an HTTP 500, keeps the user's message and records a failed reply", async () => {
      fake.setBehaviour({ failure: "http-500" });
      const res = await postChat(t, user, agentId, { message: "Will this work?", conversationId: null });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/Your message was saved/);
      const conversationId = res.json().conversationId as string;
      const stored = await messagesOf(t, user, conversationId);
      expect(stored.map((m) => [m.role, m.content, m.status])).toEqual([
        ["user", "Will this work?", "complete"],
        ["assistant", "", "failed"],
      ]);
      // Logged with the request id, so an operator can find the failing request.
      expect(logLinesOf(logLines, conversationId)).toContainEqual(
        expect.objectContaining({ msg: "language model reply failed", reqId: expect.any(String), reason: "http" }),
      );
    });

    it("answers 502 when the first-byte timeout passes, keeping the user's message and a failed reply", async () => {
      llm = fakeLlm(fake, { firstByteTimeoutMs: FIRST_BYTE_TIMEOUT_MS });
      fake.setBehaviour({ failure: "hang" });
      const res = await postChat(t, user, agentId, { message: "Anyone there?", conversationId: null });
      expect(res.statusCode).toBe(502);
      const conversationId = res.json().conversationId as string;
      const stored = await messagesOf(t, user, conversationId);
      expect(stored.map((m) => [m.role, m.status])).toEqual([
        ["user", "complete"],
        ["assistant", "failed"],
      ]);
      const [failure] = logLinesOf(logLines, conversationId);
      expect(failure).toMatchObject({ msg: "language model reply failed", reason: "timeout" });
      expect((failure?.["err"] as { message?: string } | undefined)?.message).toBe(
        `The model did not start replying within ${FIRST_BYTE_TIMEOUT_MS} ms`,
      );
    });

    it("sends an error event when the stream is cut off, keeping the partial text as a failed reply", async () => {
      fake.setBehaviour({
        replyText: "Part one, part two, part three.",
        chunkCount: 3,
        failure: "cut-off",
        failAfterChunks: 2,
      });
      const res = await streamChat(base, user, agentId, { message: "Tell me in parts", conversationId: null });
      expect(res.status).toBe(200);
      expect(res.frames.at(-1)?.event).toBe("error");
      expect(frameData<ChatSseError>(res.frames, "error")[0]?.status).toBe(502);
      expect(frameData(res.frames, "done")).toEqual([]);
      const [{ conversationId }] = frameData<{ conversationId: string }>(res.frames, "conversation");
      const stored = await messagesOf(t, user, conversationId);
      expect(stored.map((m) => [m.role, m.status])).toEqual([
        ["user", "complete"],
        ["assistant", "failed"],
      ]);
      const streamed = frameData<{ text: string }>(res.frames, "delta")
        .map((d) => d.text)
        .join("");
      expect(stored[1]?.content).toBe(streamed);
      expect(streamed.length).toBeGreaterThan(0);
    });

    it("answers 502 on a malformed chunk and leaves failed replies out of the next turn's history", async () => {
      fake.setBehaviour({ failure: "malformed-chunk", failAfterChunks: 1 });
      const res = await postChat(t, user, agentId, { message: "Broken?", conversationId: null });
      expect(res.statusCode).toBe(502);
      const conversationId = res.json().conversationId as string;
      fake.setBehaviour({});
      const retry = await postChat(t, user, agentId, { message: "Retry", conversationId });
      expect(retry.statusCode).toBe(200);
      const sent = modelCalls(fake).at(-1)?.body as { messages: { role: string; content: string }[] };
      expect(sent.messages.slice(1)).toEqual([
        { role: "user", content: "Broken?" },
        { role: "user", content: "Retry" },
      ]);
    });
  });

  it("stops the model and keeps the partial reply when the client goes away mid-stream", async () => {
    // The model stops after its first delta and would wait for ever: only the client leaving ends the turn.
    fake.setBehaviour({ replyText: "a b c d e f g h i j", chunkCount: 10, holdAfterChunks: 1 });
    const controller = new AbortController();
    let conversationId = "";
    let seen = "";
    await streamChat(
      base,
      user,
      agentId,
      { message: "Long answer please", conversationId: null },
      {
        signal: controller.signal,
        onFrame: (frame) => {
          if (frame.event === "conversation")
            conversationId = (JSON.parse(frame.data) as { conversationId: string }).conversationId;
          if (frame.event === "delta") {
            seen += (JSON.parse(frame.data) as { text: string }).text;
            controller.abort();
          }
        },
      },
    ).catch((error: unknown) => {
      if (!(error instanceof Error) || error.name !== "AbortError") throw error;
    });
    expect(conversationId).not.toBe("");
    expect(seen).toBe("a ");
    // The server stores the reply once it notices the client left; the answer is already gone, so ask until it is there.
    const reply = await vi.waitFor(
      async () => {
        const stored = (await messagesOf(t, user, conversationId)).find((m) => m.role === "assistant");
        if (!stored) throw new Error("no reply stored yet");
        return stored;
      },
      { timeout: STORED_DEADLINE_MS, interval: 20 },
    );
    expect(reply).toMatchObject({ status: "partial", content: seen });
  });
});
