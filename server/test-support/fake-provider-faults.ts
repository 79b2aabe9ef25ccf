/**
 * A misbehaving OpenAI-compatible model server for fault tests: a real HTTP server on port 0
 * whose chat completions endpoint fails in the ways real providers and the proxies in front of
 * them do — refusals (401, 429, 5xx, HTML error pages), garbage instead of a stream, an error
 * object mid-stream, a connection reset or cut mid-reply, silence after the headers, a stall
 * mid-reply — and one that holds replies open until the test releases them.
 *
 * The well-behaved fake (fake-openai.ts) stays lean for benchmarks; these faults live here.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ProviderFault =
  /** A normal streamed reply. */
  | { kind: "none" }
  /** An error status with an OpenAI-style JSON error body, or an HTML page as a proxy sends. */
  | { kind: "status"; status: number; body: "openai-json" | "html"; headers?: Record<string, string> }
  /** 200 with an HTML page where the event stream should be. */
  | { kind: "html-instead-of-stream" }
  /** Some deltas, then a data line holding an error object instead of a chunk. */
  | { kind: "error-object-mid-stream"; afterDeltas: number }
  /** Data lines that are valid JSON but not completion chunks. */
  | { kind: "json-that-is-not-a-chunk" }
  /** The socket is destroyed as soon as the request has been read: no status line at all. */
  | { kind: "reset-before-response" }
  /** Headers and the role chunk, then the socket is destroyed before any content. */
  | { kind: "cut-before-first-delta" }
  /** Headers, then nothing, forever (the connection stays open). */
  | { kind: "silent-after-headers" }
  /** Some deltas, then nothing, forever. */
  | { kind: "stall-mid-reply"; afterDeltas: number }
  /** Some deltas, then the rest of the reply only once `releaseHeldReplies()` is called. */
  | { kind: "hold-until-released"; afterDeltas: number };

export interface FaultyProvider {
  /** Base URL ending in /v1, for the SDK's baseURL. */
  url: string;
  /** The reply text streamed, split into `DELTA_COUNT` deltas, when a fault lets it stream. */
  readonly replyText: string;
  setFault(fault: ProviderFault): void;
  /** How many chat completion requests have arrived. */
  requestCount(): number;
  /** Resolves once `count` chat completion requests have arrived in total. */
  whenRequests(count: number): Promise<void>;
  /** Lets every held reply finish, and every reply that is held from now on. */
  releaseHeldReplies(): void;
  close(): Promise<void>;
}

export const FAULTY_REPLY_TEXT = "First part. Second part. Third part. Fourth part.";
const DELTA_COUNT = 4;

export async function startFaultyProvider(): Promise<FaultyProvider> {
  let fault: ProviderFault = { kind: "none" };
  let count = 0;
  let released = false;
  let releaseWaiters: (() => void)[] = [];
  let countWaiters: { count: number; resolve: () => void }[] = [];

  const waitForRelease = () =>
    released ? Promise.resolve() : new Promise<void>((resolve) => releaseWaiters.push(resolve));

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const current = fault;
    await drain(req);
    if (req.method !== "POST" || (req.url ?? "").split("?")[0] !== "/v1/chat/completions") {
      return sendJson(res, 404, { error: { message: "not found", type: "invalid_request_error" } });
    }
    count += 1;
    const reached = countWaiters.filter((waiter) => count >= waiter.count);
    countWaiters = countWaiters.filter((waiter) => count < waiter.count);
    for (const waiter of reached) waiter.resolve();
    await answer(res, current, waitForRelease);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    replyText: FAULTY_REPLY_TEXT,
    setFault(next) {
      fault = next;
    },
    requestCount: () => count,
    whenRequests(wanted) {
      if (count >= wanted) return Promise.resolve();
      return new Promise((resolve) => countWaiters.push({ count: wanted, resolve }));
    },
    releaseHeldReplies() {
      released = true;
      const waiters = releaseWaiters;
      releaseWaiters = [];
      for (const resolve of waiters) resolve();
    },
    close() {
      // Silent and stalled answers would otherwise keep close() waiting forever.
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

async function answer(res: ServerResponse, fault: ProviderFault, waitForRelease: () => Promise<void>): Promise<void> {
  switch (fault.kind) {
    case "status":
      if (fault.body === "html") {
        res.writeHead(fault.status, { "content-type": "text/html", ...fault.headers });
        return void res.end(`<html><body><h1>${fault.status} Bad Gateway</h1><hr>nginx</body></html>`);
      }
      return sendJson(
        res,
        fault.status,
        { error: { message: `The fake provider refused with ${fault.status}.`, type: "api_error", code: null } },
        fault.headers,
      );
    case "html-instead-of-stream":
      res.writeHead(200, { "content-type": "text/html" });
      return void res.end("<!doctype html><html><body>Welcome to our gateway</body></html>");
    case "reset-before-response":
      return void res.socket?.destroy();
    default:
      return streamReply(res, fault, waitForRelease);
  }
}

async function streamReply(res: ServerResponse, fault: ProviderFault, waitForRelease: () => Promise<void>) {
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
  if (fault.kind === "silent-after-headers") return res.flushHeaders();
  if (fault.kind === "json-that-is-not-a-chunk") {
    return void res.end('data: {"status":"queued","position":3}\n\ndata: {"status":"done"}\n\ndata: [DONE]\n\n');
  }
  await write(res, chunkLine({ role: "assistant", content: "" }, null));
  if (fault.kind === "cut-before-first-delta") return void res.socket?.destroy();

  const deltas = splitReply(FAULTY_REPLY_TEXT, DELTA_COUNT);
  const stopAt = "afterDeltas" in fault ? fault.afterDeltas : deltas.length;
  for (const [index, delta] of deltas.entries()) {
    if (index === stopAt) {
      if (fault.kind === "stall-mid-reply") return; // the connection stays open, silent
      if (fault.kind === "error-object-mid-stream") {
        const error = {
          error: { message: "The server had an error while processing your request.", type: "server_error" },
        };
        return void res.end(`data: ${JSON.stringify(error)}\n\n`);
      }
      if (fault.kind === "hold-until-released") await waitForRelease();
    }
    if (res.destroyed) return;
    await write(res, chunkLine({ content: delta }, null));
  }
  await write(res, chunkLine({}, "stop"));
  res.end("data: [DONE]\n\n");
}

/** Reads the whole request before answering, as a real server does. */
function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    req.on("end", resolve).on("error", reject).resume();
  });
}

/** Resolves once the bytes have left, so a following destroy() cannot swallow them. */
function write(res: ServerResponse, text: string): Promise<void> {
  return new Promise((resolve) => res.write(text, () => resolve()));
}

function chunkLine(delta: Record<string, string>, finishReason: string | null): string {
  return `data: ${JSON.stringify({
    id: "chatcmpl-faulty",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: "faulty-model",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  })}\n\n`;
}

function splitReply(text: string, count: number): string[] {
  const words = text.split(/(?<= )/);
  const size = Math.ceil(words.length / count);
  const pieces: string[] = [];
  for (let start = 0; start < words.length; start += size) pieces.push(words.slice(start, start + size).join(""));
  return pieces;
}

function sendJson(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}
