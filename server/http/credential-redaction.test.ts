import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { makeAgent, postChat } from "../chat/chat-test-support.js";
import { makeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { createOpenAiCompatibleEmbeddings } from "../providers/embeddings/openai-compatible-embeddings.js";
import { createOpenAiCompatibleStt } from "../providers/stt/openai-compatible-stt.js";
import { createOpenAiCompatibleTts } from "../providers/tts/openai-compatible-tts.js";

const KEY = "prov-key-7f3a9c1e5b2d";

/** A provider that refuses every request and quotes the caller's Authorization header back. */
async function startEchoingProvider(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ error: { message: `Invalid credentials: ${req.headers.authorization}`, type: "auth" } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return { stream, text: () => lines.join("") };
}

describeEachEngine("a provider that echoes its credentials", (engine) => {
  let t: TestApp | undefined;
  let provider: Awaited<ReturnType<typeof startEchoingProvider>> | undefined;
  afterEach(async () => {
    await t?.close();
    await provider?.close();
    t = undefined;
    provider = undefined;
  });

  it("never puts the model's API key into the log, the answer or the stored transcript", async () => {
    provider = await startEchoingProvider();
    const sink = logSink();
    t = await startTestApp(engine, {
      env: { LLM_BASE_URL: provider.url, LLM_API_KEY: KEY, LOG_LEVEL: "info" },
      overrides: { logger: { level: "info", stream: sink.stream } },
    });
    const user = await makeUser(t);
    const agentId = await makeAgent(t, user);
    const res = await postChat(t, user, agentId, { message: "Hello there", conversationId: null });
    const conversations = await t.app.inject({
      method: "GET",
      url: "/api/conversations",
      headers: { cookie: user.cookie },
    });
    const [conversation] = conversations.json() as { id: string }[];
    const transcript = await t.app.inject({
      method: "GET",
      url: `/api/conversations/${conversation.id}/messages`,
      headers: { cookie: user.cookie },
    });

    // The failure itself is reported: the provider refused.
    expect(res.body + sink.text()).toMatch(/HTTP 401|401/);
    for (const text of [res.body, sink.text(), transcript.body]) expect(text).not.toContain(KEY);
  });
});

describe("the speech and embeddings providers' errors", () => {
  let provider: Awaited<ReturnType<typeof startEchoingProvider>> | undefined;
  afterEach(async () => {
    await provider?.close();
    provider = undefined;
  });

  it("carry the provider's refusal without its quoted key", async () => {
    provider = await startEchoingProvider();
    const options = { baseUrl: provider.url, apiKey: KEY, model: "m", timeoutMs: 30_000 };
    const failures = await Promise.all([
      createOpenAiCompatibleEmbeddings(options)
        .embed(["hello"])
        .catch((error: unknown) => error),
      createOpenAiCompatibleStt(options)
        .transcribe({ audio: Buffer.from("RIFF"), mimeType: "audio/wav", language: "en-US" })
        .catch((error: unknown) => error),
      createOpenAiCompatibleTts(options)
        .synthesize({ text: "hello", voice: "alloy", language: "en-US" })
        .catch((error: unknown) => error),
    ]);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(Error);
      const error = failure as Error & { cause?: Error };
      expect(error.message).toMatch(/401/);
      expect(`${error.message}\n${error.stack}\n${error.cause?.stack ?? ""}`).not.toContain(KEY);
    }
  });
});
