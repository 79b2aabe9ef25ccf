/**
 * Fault scenarios at the model provider, through the real app, the real SDK and a real
 * misbehaving server (fake-provider-faults.ts): every way a provider or the proxy in front of it
 * can fail ends in the documented 502 ("Your message was saved"), as plain JSON or as the
 * stream's last `error` frame; the user's message is stored, the reply is stored as `failed`
 * with exactly the text the client saw, and the conversation takes its next turn normally.
 *
 * Cases already proven elsewhere are not repeated: the provider's own error mapping
 * (openai-compatible-llm.test.ts) and the chat answers to a JSON 500, a hang before the
 * headers, a mid-reply cut and a malformed chunk (chat-stream.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatSseError } from "../../contracts/chat.js";
import { frameData, makeAgent, messagesOf, postChat, streamChat } from "../chat/chat-test-support.js";
import { errorBody } from "../../contracts/errors.js";
import { createOpenAiCompatibleLlm } from "../providers/llm/openai-compatible-llm.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { halfWrittenConversations } from "./conversation-invariants.js";
import { startFaultyProvider, type FaultyProvider, type ProviderFault } from "../test-support/fake-provider-faults.js";
import { describeEachEngine, startTestApp, type Engine, type TestApp } from "../test-support/test-app.js";

type AnswerMode = "json" | "stream";

interface Scenario {
  name: string;
  fault: ProviderFault;
  /** Whether some of the reply reaches the client before the failure. */
  partial: boolean;
}

/** Faults answered without waiting on a timer: the app's timeouts are far away. */
const REFUSALS_AND_GARBAGE: Scenario[] = [
  {
    name: "a 429 rate limit with Retry-After",
    fault: { kind: "status", status: 429, body: "openai-json", headers: { "retry-after": "20" } },
    partial: false,
  },
  { name: "a 401 for a wrong API key", fault: { kind: "status", status: 401, body: "openai-json" }, partial: false },
  { name: "a 503 HTML page from a proxy", fault: { kind: "status", status: 503, body: "html" }, partial: false },
  { name: "an HTML page where the stream should be", fault: { kind: "html-instead-of-stream" }, partial: false },
  { name: "JSON lines that are not completion chunks", fault: { kind: "json-that-is-not-a-chunk" }, partial: false },
  {
    name: "an error object in the middle of the stream",
    fault: { kind: "error-object-mid-stream", afterDeltas: 2 },
    partial: true,
  },
  { name: "a connection reset before any answer", fault: { kind: "reset-before-response" }, partial: false },
  { name: "a connection cut before the first delta", fault: { kind: "cut-before-first-delta" }, partial: false },
];

/** Faults only a timer ends: run against an app whose every model call is expected to time out. */
const SILENCES: Scenario[] = [
  { name: "silence after the response headers", fault: { kind: "silent-after-headers" }, partial: false },
  { name: "a stall in the middle of the reply", fault: { kind: "stall-mid-reply", afterDeltas: 2 }, partial: true },
];

const MODES: AnswerMode[] = ["json", "stream"];

describeEachEngine("a failing model provider", (engine) => {
  describe("that refuses or sends garbage", () => {
    const setup = providerFaultSetup(engine, { timeoutMs: 60_000, firstByteTimeoutMs: 60_000 });
    defineScenarios(setup, REFUSALS_AND_GARBAGE);
  });

  describe("that goes silent", () => {
    // Every model call of this app times out by design, so the bounds only set how long it takes.
    const setup = providerFaultSetup(engine, { timeoutMs: 2_000, firstByteTimeoutMs: 1_000 });
    defineScenarios(setup, SILENCES);
  });
});

interface FaultSetup {
  t: TestApp;
  base: string;
  provider: FaultyProvider;
  user: MadeUser;
  agentId: string;
}

function providerFaultSetup(engine: Engine, timeouts: { timeoutMs: number; firstByteTimeoutMs: number }) {
  const setup = {} as FaultSetup;
  beforeAll(async () => {
    setup.provider = await startFaultyProvider();
    const llm = createOpenAiCompatibleLlm({ baseUrl: setup.provider.url, model: "faulty-model", ...timeouts });
    setup.t = await startTestApp(engine, { overrides: { llm } });
    setup.base = await setup.t.app.listen({ port: 0, host: "127.0.0.1" });
    setup.user = await makeUser(setup.t);
    setup.agentId = await makeAgent(setup.t, setup.user);
  });
  afterAll(async () => {
    await setup.t?.close();
    await setup.provider?.close();
  });
  return setup;
}

function defineScenarios(setup: FaultSetup, scenarios: Scenario[]): void {
  for (const scenario of scenarios) {
    for (const mode of MODES) {
      it(`${scenario.name} answers the documented 502 (${mode}), keeps the message and the text shown, and the next turn works`, async () => {
        const { t, provider, user, agentId } = setup;
        provider.setFault(scenario.fault);
        const message = `Fault check: ${scenario.name} (${mode})`;
        const callsBefore = provider.requestCount();

        const failed =
          mode === "json" ? await failedJsonTurn(setup, message) : await failedStreamedTurn(setup, message);

        // One call: the provider is not retried behind the user's back.
        expect(provider.requestCount()).toBe(callsBefore + 1);
        const stored = await messagesOf(t, user, failed.conversationId);
        expect(stored.map((m) => [m.role, m.status])).toEqual([
          ["user", "complete"],
          ["assistant", "failed"],
        ]);
        expect(stored[0]?.content).toBe(message);
        const kept = stored[1]?.content ?? "";
        // A stream shows the text as it comes: what was stored is exactly what the client saw.
        if (mode === "stream") expect(kept).toBe(failed.shownText);
        if (scenario.partial) {
          expect(kept.length).toBeGreaterThan(0);
          expect(provider.replyText.startsWith(kept)).toBe(true);
        } else {
          expect(kept).toBe("");
        }

        expect(await halfWrittenConversations(t.deps.db.db)).toEqual([]);

        provider.setFault({ kind: "none" });
        const next = await postChat(t, user, agentId, {
          message: "Trying again",
          conversationId: failed.conversationId,
        });
        expect(next.statusCode).toBe(200);
        expect(next.json()).toMatchObject({ response: provider.replyText });
      });
    }
  }
}

async function failedJsonTurn(setup: FaultSetup, message: string) {
  const res = await postChat(setup.t, setup.user, setup.agentId, { message, conversationId: null });
  expect(res.statusCode).toBe(502);
  const body = res.json() as { message: string; conversationId: string };
  expect(body).toEqual({ ...errorBody("REPLY_FAILED"), conversationId: expect.any(String) });
  return { conversationId: body.conversationId, shownText: "" };
}

async function failedStreamedTurn(setup: FaultSetup, message: string) {
  const res = await streamChat(setup.base, setup.user, setup.agentId, { message, conversationId: null });
  expect(res.status).toBe(200);
  const events = res.frames.map((frame) => frame.event);
  expect(events[0]).toBe("conversation");
  expect(events.at(-1)).toBe("error");
  expect(events).not.toContain("done");
  expect(frameData<ChatSseError>(res.frames, "error")).toEqual([{ status: 502, ...errorBody("REPLY_FAILED") }]);
  const [{ conversationId }] = frameData<{ conversationId: string }>(res.frames, "conversation");
  const shownText = frameData<{ text: string }>(res.frames, "delta")
    .map((delta) => delta.text)
    .join("");
  return { conversationId, shownText };
}
