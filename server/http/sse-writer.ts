/**
 * The one writer of server-sent events, for the chat stream and the voice turn: frames in
 * `event: <name>\ndata: <json>\n\n` form (contracts/chat-sse.ts), batched so that every frame
 * queued in one tick of the event loop leaves in a single socket write, flushed before the
 * tick ends, so a delta is never held back waiting for another.
 *
 * Why batch: the VM's socket writes are its most expensive step per reply (profiled, issue 10);
 * a frame written on its own is one write syscall, and the last one rides on end().
 */
import type { Writable } from "node:stream";
import type { FastifyReply } from "fastify";
import { formatSseFrame } from "../../contracts/chat-sse.js";

export const EVENT_STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  // nginx and similar proxies buffer responses unless told not to; deltas must flow at once.
  "x-accel-buffering": "no",
} as const;

export interface SseWriter {
  /** Queues a frame; it is written before this tick of the event loop ends, with any others queued beside it. */
  send(event: string, data: unknown): void;
  /** Ends the stream, after what is queued and, when given, one last frame (in the same write). Idempotent. */
  end(event?: string, data?: unknown): void;
  /** False once ended, or once the other side has gone. */
  readonly open: boolean;
}

/** How a frame is written: `event:` and `data:` lines by default; the /v1 API writes `data:` lines only. */
export type SseFormat = (event: string, data: unknown) => string;

export function createSseWriter(out: Writable, format: SseFormat = formatSseFrame): SseWriter {
  let pending = "";
  let flushScheduled = false;
  const isOpen = () => !out.writableEnded && !out.destroyed;
  const flush = () => {
    flushScheduled = false;
    if (!pending) return;
    const text = pending;
    pending = "";
    if (isOpen()) out.write(text);
  };
  return {
    get open() {
      return isOpen();
    },
    send(event, data) {
      if (!isOpen()) return;
      pending += format(event, data);
      if (flushScheduled) return;
      flushScheduled = true;
      // nextTick, not setImmediate: it runs once the current callback and its promise chain are
      // done (all the deltas one provider packet produced), before the event loop reads more I/O.
      process.nextTick(flush);
    },
    end(event, data) {
      if (!isOpen()) return;
      const last = event === undefined ? "" : format(event, data);
      const text = pending + last;
      pending = "";
      if (text) out.end(text);
      else out.end();
    },
  };
}

/**
 * Turns a route's reply into an event stream written straight to the socket, past Fastify's
 * serialisation (hijacked), keeping the headers its hooks already set (security headers).
 */
export function openEventStream(reply: FastifyReply, format?: SseFormat): SseWriter {
  reply.hijack();
  const res = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) res.setHeader(name, value);
  }
  res.writeHead(200, EVENT_STREAM_HEADERS);
  // Each batch is a small write; Nagle's algorithm would hold it back waiting for more.
  // (app.inject()'s fake socket has no setNoDelay.)
  res.socket?.setNoDelay?.(true);
  // A stream may outlive the server's close() (shutdown lets it finish). Node closes only the
  // connections idle at the moment of close(), so this one, kept alive, would hold the shutdown
  // until the client's keep-alive ran out: close it as the stream ends.
  const httpServer = reply.server.server;
  const socket = res.socket;
  res.once("finish", () => {
    if (!httpServer.listening) socket?.end();
  });
  return createSseWriter(res, format);
}
