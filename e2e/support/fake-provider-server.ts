/**
 * The fake OpenAI-compatible server as a process of its own for the journeys, on a port the
 * system picks: `tsx e2e/support/fake-provider-server.ts` prints its /v1 address once listening
 * (global-setup.ts hands it to the apps). Its reply streams slowly enough for a test to see
 * partial text before the whole.
 *
 * A message carrying one of FAKE_MARKERS is answered by another fake (held, failing once, a
 * code block): a small router in front reads the chat request's last user message and passes
 * the request on, streaming, to the fake for it. Every other request goes to the usual one.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { startFakeOpenAi, type FakeOpenAi } from "../../server/test-support/fake-openai.js";
import { parseJson, readBody } from "../../server/test-support/fake-openai-wire.js";
import {
  FAKE_CHUNK_COUNT,
  FAKE_CHUNK_DELAY_MS,
  FAKE_CODE_REPLY,
  FAKE_HELD_CHUNKS,
  FAKE_MARKERS,
  FAKE_STREAMED_REPLY,
} from "./fake-provider-reply.js";
import { announceReadyUntilStopped } from "./server-ready.js";

const streamed = { chunkCount: FAKE_CHUNK_COUNT, chunkDelayMs: FAKE_CHUNK_DELAY_MS, recordRequests: false };
const provider = await startFakeOpenAi({ replyText: FAKE_STREAMED_REPLY, ...streamed });
// Never released: the held reply ends when the client leaves, as a Stop does.
const held = await startFakeOpenAi({ replyText: FAKE_STREAMED_REPLY, ...streamed, holdAfterChunks: FAKE_HELD_CHUNKS });
const failing = await startFakeOpenAi({ failure: "http-500", recordRequests: false });
const code = await startFakeOpenAi({ replyText: FAKE_CODE_REPLY, chunkCount: 4, recordRequests: false });
const failedOnce = new Set<string>();

function lastUserMessage(body: unknown): string {
  if (typeof body !== "object" || body === null) return "";
  const messages = (body as { messages?: unknown }).messages;
  if (!Array.isArray(messages)) return "";
  const last = messages.findLast(
    (m: unknown) => typeof m === "object" && m !== null && (m as { role?: unknown }).role === "user",
  ) as { content?: unknown } | undefined;
  return typeof last?.content === "string" ? last.content : JSON.stringify(last?.content ?? "");
}

function upstreamFor(path: string, body: unknown): FakeOpenAi {
  if (!path.endsWith("/chat/completions")) return provider;
  const message = lastUserMessage(body);
  if (message.includes(FAKE_MARKERS.hold)) return held;
  if (message.includes(FAKE_MARKERS.code)) return code;
  if (message.includes(FAKE_MARKERS.failOnce) && !failedOnce.has(message)) {
    failedOnce.add(message);
    return failing;
  }
  return provider;
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const raw = await readBody(req);
  const path = req.url ?? "/";
  const target = new URL(upstreamFor(path, parseJson(raw)).url);
  const forwarded = httpRequest(
    { host: target.hostname, port: target.port, path, method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  // The client leaving (a Stop) must reach the fake, which then ends its held stream.
  res.on("close", () => forwarded.destroy());
  forwarded.on("error", () => res.destroy());
  forwarded.end(raw);
}

const router = createServer((req, res) => {
  route(req, res).catch(() => res.destroy());
});
await new Promise<void>((resolve) => router.listen(0, "127.0.0.1", resolve));
const { port } = router.address() as AddressInfo;

announceReadyUntilStopped(`http://127.0.0.1:${port}/v1`, async () => {
  router.closeAllConnections();
  await new Promise<void>((resolve) => router.close(() => resolve()));
  await Promise.all([provider, held, failing, code].map((fake) => fake.close()));
});
