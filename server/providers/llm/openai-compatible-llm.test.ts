import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAi, type FakeOpenAi } from "../../test-support/fake-openai.js";
import { LlmProviderError, type LlmProvider, type LlmReplyRequest } from "./llm-provider.js";
import { createOpenAiCompatibleLlm } from "./openai-compatible-llm.js";

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.requests.length = 0;
  fake.setBehaviour({});
});

function makeLlm(overrides: { timeoutMs?: number; firstByteTimeoutMs?: number } = {}): LlmProvider {
  return createOpenAiCompatibleLlm({
    baseUrl: fake.url,
    apiKey: "test-key",
    model: "test-model-7b",
    timeoutMs: overrides.timeoutMs ?? 5_000,
    firstByteTimeoutMs: overrides.firstByteTimeoutMs ?? 5_000,
  });
}

function makeRequest(overrides: Partial<LlmReplyRequest> = {}): LlmReplyRequest {
  return {
    systemPrompt: "You are Ava.\nRole: Sales manager",
    history: [
      { role: "user", content: "Hi Ava" },
      { role: "assistant", content: "Hello! How can I help?" },
    ],
    userMessage: "What should I say to a new lead?",
    language: "en-US",
    persona: { name: "Ava", role: "Sales manager", speciality: null },
    signal: new AbortController().signal,
    ...overrides,
  };
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const deltas: string[] = [];
  for await (const delta of stream) deltas.push(delta);
  return deltas;
}

async function failureOf(stream: AsyncIterable<string>): Promise<LlmProviderError> {
  try {
    await collect(stream);
  } catch (error) {
    if (error instanceof LlmProviderError) return error;
    throw error;
  }
  throw new Error("the stream finished without an error");
}

describe("the OpenAI-compatible LLM provider", () => {
  it("yields the streamed deltas in order", async () => {
    fake.setBehaviour({ replyText: "One, two, three, four, five.", chunkCount: 5, chunkDelayMs: 5 });

    const deltas = await collect(makeLlm().streamReply(makeRequest()));

    expect(deltas.length).toBe(5);
    expect(deltas.join("")).toBe("One, two, three, four, five.");
  });

  it("sends the system prompt, the history and the user message in that order", async () => {
    await collect(makeLlm().streamReply(makeRequest()));

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.path).toBe("/v1/chat/completions");
    expect(fake.requests[0]?.body).toMatchObject({
      stream: true,
      messages: [
        { role: "system", content: "You are Ava.\nRole: Sales manager" },
        { role: "user", content: "Hi Ava" },
        { role: "assistant", content: "Hello! How can I help?" },
        { role: "user", content: "What should I say to a new lead?" },
      ],
    });
  });

  it("sends the configured model name and API key", async () => {
    await collect(makeLlm().streamReply(makeRequest()));

    expect(fake.requests[0]?.body).toMatchObject({ model: "test-model-7b" });
    expect(fake.requests[0]?.headers.authorization).toBe("Bearer test-key");
  });

  it("asks for the requested language when it is not English", async () => {
    await collect(makeLlm().streamReply(makeRequest({ language: "de-DE" })));

    const body = fake.requests[0]?.body as { messages: { role: string; content: string }[] };
    expect(body.messages[0]?.content).toContain("You are Ava.");
    expect(body.messages[0]?.content).toContain("German");
  });

  it("adds no language line for English", async () => {
    await collect(makeLlm().streamReply(makeRequest()));

    const body = fake.requests[0]?.body as { messages: { role: string; content: string }[] };
    expect(body.messages[0]?.content).toBe("You are Ava.\nRole: Sales manager");
  });

  it("turns an HTTP 500 into an http error without retrying", async () => {
    fake.setBehaviour({ failure: "http-500" });

    const error = await failureOf(makeLlm().streamReply(makeRequest()));

    expect(error.reason).toBe("http");
    expect(error.message).toContain("500");
    expect(fake.requests).toHaveLength(1);
  });

  it("gives up on a server that never answers within the first-byte timeout", async () => {
    fake.setBehaviour({ failure: "hang" });

    const error = await failureOf(makeLlm({ firstByteTimeoutMs: 1_000 }).streamReply(makeRequest()));

    expect(error.reason).toBe("timeout");
    // On a busy machine the client can give up before the fake has read the request's body and
    // recorded it: wait for the record, then check there was exactly one (no retry).
    await expect.poll(() => fake.requests.length).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(1);
  });

  it("gives up on a reply that streams past the whole-reply timeout", async () => {
    fake.setBehaviour({ replyText: "a slow reply that keeps going", chunkCount: 10, chunkDelayMs: 100 });

    const error = await failureOf(makeLlm({ timeoutMs: 250 }).streamReply(makeRequest()));

    expect(error.reason).toBe("timeout");
    expect(error.message).toContain("250 ms");
  });

  it("reports a stream whose connection is cut mid-way, after the deltas that did arrive", async () => {
    fake.setBehaviour({ replyText: "aaaabbbbccccddddeeee", chunkCount: 5, failure: "cut-off", failAfterChunks: 2 });
    const deltas: string[] = [];

    const error = await failureOf(
      (async function* () {
        for await (const delta of makeLlm().streamReply(makeRequest())) {
          deltas.push(delta);
          yield delta;
        }
      })(),
    );

    expect(deltas).toEqual(["aaaa", "bbbb"]);
    expect(error.reason).toBe("malformed");
    expect(fake.requests).toHaveLength(1);
  });

  it("reports a stream that ends cleanly but without a finish reason", async () => {
    fake.setBehaviour({ failure: "end-without-finish" });

    const error = await failureOf(makeLlm().streamReply(makeRequest()));

    expect(error.reason).toBe("malformed");
  });

  it("reports a chunk that is not valid JSON", async () => {
    fake.setBehaviour({ failure: "malformed-chunk", failAfterChunks: 1 });

    const error = await failureOf(makeLlm().streamReply(makeRequest()));

    expect(error.reason).toBe("malformed");
    expect(fake.requests).toHaveLength(1);
  });

  it("stops with an aborted error when the caller cancels mid-stream", async () => {
    fake.setBehaviour({ replyText: "one two three four five six", chunkCount: 6, chunkDelayMs: 50 });
    const caller = new AbortController();
    const deltas: string[] = [];

    const error = await (async () => {
      try {
        for await (const delta of makeLlm().streamReply(makeRequest({ signal: caller.signal }))) {
          deltas.push(delta);
          caller.abort();
        }
      } catch (caught) {
        return caught;
      }
      return null;
    })();

    expect(error).toBeInstanceOf(LlmProviderError);
    expect((error as LlmProviderError).reason).toBe("aborted");
    expect(deltas).toHaveLength(1);
  });

  it("reports an unreachable server as an http error", async () => {
    const closed = await startFakeOpenAi();
    await closed.close();
    const llm = createOpenAiCompatibleLlm({
      baseUrl: closed.url,
      model: "m",
      timeoutMs: 2_000,
      firstByteTimeoutMs: 2_000,
    });

    const error = await failureOf(llm.streamReply(makeRequest()));

    expect(error.reason).toBe("http");
  });

  it("parses a stream that arrives one byte at a time, characters split across reads included", async () => {
    const reply = "Grüße, 世界! 👋 done.";
    const sse = [
      ...Array.from(reply).map((piece) => chunkEvent({ content: piece }, null)),
      chunkEvent({}, "stop"),
      "data: [DONE]\n\n",
    ].join("");
    const server = await startRawServer(async (res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.socket?.setNoDelay(true);
      for (const byte of Buffer.from(sse)) await new Promise((resolve) => res.write(Buffer.of(byte), resolve));
      res.end();
    });
    try {
      const deltas = await collect(rawLlm(server.url).streamReply(makeRequest()));
      expect(deltas.join("")).toBe(reply);
    } finally {
      await server.close();
    }
  });

  it("keeps its connections open between replies, reusing them", async () => {
    const server = await startRawServer((res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(`${chunkEvent({ content: "Hi" }, null)}${chunkEvent({}, "stop")}data: [DONE]\n\n`);
    });
    try {
      const llm = rawLlm(server.url);
      for (let i = 0; i < 4; i++) expect(await collect(llm.streamReply(makeRequest()))).toEqual(["Hi"]);
      // Back to back, a reply may start before the pool has taken the last connection back, so not always exactly one.
      expect(server.connections()).toBeLessThan(4);
      expect(server.closedConnections()).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("reports an error object sent in place of a chunk as an http error with the provider's message", async () => {
    const server = await startRawServer((res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(`${chunkEvent({ content: "Hi" }, null)}data: {"error":{"message":"overloaded, try later"}}\n\n`);
    });
    try {
      const error = await failureOf(rawLlm(server.url).streamReply(makeRequest()));
      expect(error.reason).toBe("http");
      expect(error.message).toContain("overloaded, try later");
    } finally {
      await server.close();
    }
  });
});

/** One SSE event of OpenAI's chunk shape. */
function chunkEvent(delta: Record<string, string>, finishReason: string | null): string {
  return `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
}

function rawLlm(url: string): LlmProvider {
  return createOpenAiCompatibleLlm({ baseUrl: url, model: "m", timeoutMs: 5_000, firstByteTimeoutMs: 5_000 });
}

/** A bare HTTP server answering every request with `answer`, counting the connections it accepted and saw closed. */
async function startRawServer(answer: (res: ServerResponse) => void | Promise<void>) {
  let connections = 0;
  let closed = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => void answer(res));
  });
  server.on("connection", (socket) => {
    connections += 1;
    socket.once("close", () => (closed += 1));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    connections: () => connections,
    closedConnections: () => closed,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
