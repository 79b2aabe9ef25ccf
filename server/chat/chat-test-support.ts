/** Helpers for the chat tests: agents through the real API, chat calls, and an SSE reader over a real port. */
import { Writable } from "node:stream";
import type { AgentCreate } from "../../contracts/agents.js";
import type { ChatMessage, ConversationSummary } from "../../contracts/chat.js";
import { parseSseFrames, type SseFrame } from "../../contracts/chat-sse.js";
import { createOpenAiCompatibleLlm } from "../providers/llm/openai-compatible-llm.js";
import type { MadeUser } from "../test-support/factories.js";
import type { FakeOpenAi } from "../test-support/fake-openai.js";
import type { TestApp } from "../test-support/test-app.js";

export async function makeAgent(t: TestApp, user: MadeUser, fields: Partial<AgentCreate> = {}): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/agents",
    headers: { cookie: user.cookie },
    payload: { name: "Sally Sales", gender: "female", role: "Sales Assistant", speciality: "B2B software", ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`agent create failed ${res.statusCode}: ${res.body}`);
  return (res.json() as { id: string }).id;
}

export function postChat(t: TestApp, user: MadeUser | null, agentId: string, payload: unknown) {
  return t.app.inject({
    method: "POST",
    url: `/api/chat/${agentId}`,
    headers: user ? { cookie: user.cookie } : {},
    payload: payload as object,
  });
}

export async function conversationsOf(t: TestApp, user: MadeUser): Promise<ConversationSummary[]> {
  const res = await t.app.inject({ method: "GET", url: "/api/conversations", headers: { cookie: user.cookie } });
  if (res.statusCode !== 200) throw new Error(`conversations ${res.statusCode}: ${res.body}`);
  return res.json();
}

export async function messagesOf(t: TestApp, user: MadeUser, conversationId: string): Promise<ChatMessage[]> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/conversations/${conversationId}/messages`,
    headers: { cookie: user.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`messages ${res.statusCode}: ${res.body}`);
  return res.json();
}

/**
 * Time bounds that no healthy local reply comes near, however busy the machine: a test that
 * wants a timeout to trip passes its own short one, with a fake that never answers.
 * Both stay below vitest's 30 s test timeout, so a real hang fails with our own message.
 */
export const GENEROUS_LLM_TIMEOUTS = { timeoutMs: 20_000, firstByteTimeoutMs: 15_000 };

/** The real provider pointed at the fake server. */
export function fakeLlm(fake: FakeOpenAi, timeouts: { timeoutMs?: number; firstByteTimeoutMs?: number } = {}) {
  return createOpenAiCompatibleLlm({
    baseUrl: fake.url,
    model: "fake-model",
    timeoutMs: timeouts.timeoutMs ?? GENEROUS_LLM_TIMEOUTS.timeoutMs,
    firstByteTimeoutMs: timeouts.firstByteTimeoutMs ?? GENEROUS_LLM_TIMEOUTS.firstByteTimeoutMs,
  });
}

/**
 * A log destination for the app that writes each line into whatever buffer `current()`
 * returns, so every test can own a fresh buffer while the app lives across tests.
 */
export function logLinesInto(current: () => string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      current().push(chunk.toString());
      done();
    },
  });
}

/** The parsed log lines of one conversation's requests: other tests' lines never match. */
export function logLinesOf(lines: string[], conversationId: string): Record<string, unknown>[] {
  return lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry["conversationId"] === conversationId);
}

/** The chat requests the fake received, i.e. how often the model was called. */
export const modelCalls = (fake: FakeOpenAi) => fake.requests.filter((r) => r.path === "/v1/chat/completions");

export interface StreamedFrame extends SseFrame {
  /** Milliseconds since the request was sent, to prove deltas arrive before the end. */
  at: number;
}

/** Posts with Accept: text/event-stream to a listening app and collects the frames as they arrive. */
export async function streamChat(
  baseUrl: string,
  user: MadeUser,
  agentId: string,
  payload: unknown,
  options: { signal?: AbortSignal; onFrame?: (frame: StreamedFrame) => void } = {},
): Promise<{ status: number; contentType: string; headers: Headers; frames: StreamedFrame[]; body: string }> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/chat/${agentId}`, {
    method: "POST",
    headers: { cookie: user.cookie, "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify(payload),
    signal: options.signal,
  });
  const contentType = res.headers.get("content-type") ?? "";
  if (!contentType.startsWith("text/event-stream") || !res.body) {
    return { status: res.status, contentType, headers: res.headers, frames: [], body: await res.text() };
  }
  const frames: StreamedFrame[] = [];
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    const parsed = parseSseFrames(buffer);
    buffer = parsed.rest;
    for (const frame of parsed.frames) {
      const stamped = { ...frame, at: performance.now() - started };
      frames.push(stamped);
      options.onFrame?.(stamped);
    }
  }
  return { status: res.status, contentType, headers: res.headers, frames, body: "" };
}

export const frameData = <T>(frames: SseFrame[], event: string): T[] =>
  frames.filter((f) => f.event === event).map((f) => JSON.parse(f.data) as T);
