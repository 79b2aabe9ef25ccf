/**
 * The fake OpenAI-compatible server as a process of its own for the journeys, on a port the
 * system picks: `tsx e2e/support/fake-provider-server.ts` prints its /v1 address once listening
 * (global-setup.ts hands it to the apps). Its reply streams slowly enough for a test to see
 * partial text before the whole.
 *
 * A message carrying one of FAKE_MARKERS is answered by another fake (held, failing once, a
 * code block, Markdown of every kind): a small router in front reads the chat request's last user message and passes
 * the request on, streaming, to the fake for it. Every other request goes to the usual one.
 * A gated message's reply (FAKE_MARKERS.gate) is held by the router itself after its first
 * words, until POST /gates/{token}. A streamed request whose message names a tool
 * (FAKE_MARKERS.tool) is answered by the router itself, from the request alone: a tool call when
 * no tool result follows the message yet, else an answer quoting the results; one whose
 * message carries a version token (FAKE_MARKERS.versions) is answered with that token's next
 * numbered reply, so a regenerated reply differs from the one before it.
 *
 * A WebSocket upgrade to {base}/realtime is passed on to a fake Realtime model
 * (server/test-support/fake-realtime.ts, behaving as FAKE_REALTIME), so the same base URL
 * serves as REALTIME_BASE_URL.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { DEFAULT_FAKE_BEHAVIOUR, startFakeOpenAi, type FakeOpenAi } from "../../server/test-support/fake-openai.js";
import { answerChat } from "../../server/test-support/fake-openai-chat.js";
import { parseJson, readBody } from "../../server/test-support/fake-openai-wire.js";
import { startFakeRealtime } from "../../server/test-support/fake-realtime.js";
import {
  FAKE_CHUNK_COUNT,
  FAKE_CHUNK_DELAY_MS,
  FAKE_CODE_REPLY,
  FAKE_GERMAN_TRANSCRIPT,
  FAKE_HELD_CHUNKS,
  FAKE_ITALIAN_TRANSCRIPT,
  FAKE_MARKDOWN_REPLY,
  FAKE_MARKERS,
  FAKE_REALTIME,
  FAKE_STREAMED_REPLY,
  FAKE_TOOL_ANSWER,
  FAKE_TOOL_PREAMBLE,
  fakeVersionReply,
  toolCallOf,
  versionTokenOf,
} from "./fake-provider-reply.js";
import { announceReadyUntilStopped } from "./server-ready.js";

const streamed = { chunkCount: FAKE_CHUNK_COUNT, chunkDelayMs: FAKE_CHUNK_DELAY_MS, recordRequests: false };
const provider = await startFakeOpenAi({
  replyText: FAKE_STREAMED_REPLY,
  ...streamed,
  transcriptByLanguage: { de: FAKE_GERMAN_TRANSCRIPT, it: FAKE_ITALIAN_TRANSCRIPT },
});
// Never released: the held reply ends when the client leaves, as a Stop does.
const held = await startFakeOpenAi({ replyText: FAKE_STREAMED_REPLY, ...streamed, holdAfterChunks: FAKE_HELD_CHUNKS });
const failing = await startFakeOpenAi({ failure: "http-500", recordRequests: false });
const code = await startFakeOpenAi({ replyText: FAKE_CODE_REPLY, chunkCount: 4, recordRequests: false });
const markdown = await startFakeOpenAi({ replyText: FAKE_MARKDOWN_REPLY, chunkCount: 6, recordRequests: false });
const realtime = await startFakeRealtime(FAKE_REALTIME);
const failedOnce = new Set<string>();
/** Replies given so far per versionedMessage token. */
const versionCounts = new Map<string, number>();

/** Gates by token; a gate may be opened before its reply reaches it. */
const gates = new Map<string, { opened: Promise<void>; open(): void }>();
function gate(token: string) {
  let found = gates.get(token);
  if (!found) {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    found = { opened, open };
    gates.set(token, found);
  }
  return found;
}

function gateTokenOf(message: string): string | null {
  const at = message.indexOf(FAKE_MARKERS.gate);
  if (at < 0) return null;
  const rest = message.slice(at + FAKE_MARKERS.gate.length);
  return rest.slice(0, rest.indexOf("]"));
}

/** Passes the answer's bytes until a content delta with text has gone, then waits for the gate. */
function pipeThroughGate(answer: IncomingMessage, res: ServerResponse, token: string): void {
  let sent = "";
  const onData = (chunk: Buffer) => {
    res.write(chunk);
    sent += chunk.toString("utf8");
    if (!/"content":"[^"]/.test(sent)) return;
    answer.off("data", onData);
    answer.pause();
    void gate(token).opened.then(() => answer.pipe(res));
  };
  answer.on("data", onData);
}

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
  if (message.includes(FAKE_MARKERS.markdown)) return markdown;
  if (message.includes(FAKE_MARKERS.failOnce) && !failedOnce.has(message)) {
    failedOnce.add(message);
    return failing;
  }
  return provider;
}

/** The `tool` messages after the last user message: the results the app gave the model this turn. */
function toolResultsOf(body: unknown): string[] {
  const messages = (body as { messages?: unknown }).messages;
  if (!Array.isArray(messages)) return [];
  const typed = messages as { role?: unknown; content?: unknown }[];
  const lastUser = typed.findLastIndex((m) => m.role === "user");
  return typed.slice(lastUser + 1).flatMap((m) => (m.role === "tool" ? [String(m.content)] : []));
}

/** Answers a tool-marked streamed chat request, or returns false when it is not one. */
async function answerToolTurn(res: ServerResponse, body: unknown): Promise<boolean> {
  if ((body as { stream?: unknown } | undefined)?.stream !== true) return false;
  const call = toolCallOf(lastUserMessage(body));
  if (!call) return false;
  const results = toolResultsOf(body);
  const behaviour = {
    ...DEFAULT_FAKE_BEHAVIOUR,
    replyQueue: [],
    chunkCount: 3,
    replyText: FAKE_TOOL_ANSWER + results.join(" "),
    toolCallQueue: results.length === 0 ? [{ text: FAKE_TOOL_PREAMBLE, calls: [call] }] : [],
  };
  await answerChat(res, body, behaviour, Promise.resolve());
  return true;
}

/** Answers a streamed versionedMessage with its next numbered reply, or returns false when it is not one. */
async function answerVersionedTurn(res: ServerResponse, body: unknown): Promise<boolean> {
  if ((body as { stream?: unknown } | undefined)?.stream !== true) return false;
  const token = versionTokenOf(lastUserMessage(body));
  if (token === null) return false;
  const count = (versionCounts.get(token) ?? 0) + 1;
  versionCounts.set(token, count);
  const behaviour = {
    ...DEFAULT_FAKE_BEHAVIOUR,
    replyQueue: [],
    toolCallQueue: [],
    replyText: fakeVersionReply(count),
  };
  await answerChat(res, body, behaviour, Promise.resolve());
  return true;
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const raw = await readBody(req);
  const path = req.url ?? "/";
  if (req.method === "POST" && path.startsWith("/gates/")) {
    gate(path.slice("/gates/".length)).open();
    return void res.writeHead(204).end();
  }
  const body = parseJson(raw);
  if (path.endsWith("/chat/completions") && (await answerToolTurn(res, body))) return;
  if (path.endsWith("/chat/completions") && (await answerVersionedTurn(res, body))) return;
  const token = path.endsWith("/chat/completions") ? gateTokenOf(lastUserMessage(body)) : null;
  const target = new URL(upstreamFor(path, body).url);
  const forwarded = httpRequest(
    { host: target.hostname, port: target.port, path, method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      if (token) pipeThroughGate(answer, res, token);
      else answer.pipe(res);
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
// The upgrade request goes to the fake Realtime model as it came, and the two sockets are joined.
router.on("upgrade", (req: IncomingMessage, socket: Socket, head: Buffer) => {
  const target = new URL(realtime.url);
  const upstream = connect(Number(target.port), target.hostname, () => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
    upstream.write(head);
    upstream.pipe(socket).pipe(upstream);
  });
  upstream.on("error", () => socket.destroy());
  socket.on("error", () => upstream.destroy());
});
await new Promise<void>((resolve) => router.listen(0, "127.0.0.1", resolve));
const { port } = router.address() as AddressInfo;

announceReadyUntilStopped(`http://127.0.0.1:${port}/v1`, async () => {
  router.closeAllConnections();
  await new Promise<void>((resolve) => router.close(() => resolve()));
  await Promise.all([provider, held, failing, code, markdown, realtime].map((fake) => fake.close()));
});
