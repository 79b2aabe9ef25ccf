/**
 * A server-sent event stream as a Node readable, so Fastify sends it like any other body
 * (its hooks and headers still apply) and backpressure is the stream's business.
 */
import { PassThrough } from "node:stream";
import { formatSseFrame } from "../../contracts/chat-sse.js";
import type { VoiceTurnEvent } from "../../contracts/voice.js";

export interface VoiceEventStream {
  readonly body: PassThrough;
  send(event: VoiceTurnEvent): void;
  end(): void;
}

export const EVENT_STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  // Proxies such as nginx otherwise hold the first sentence's audio back in a buffer.
  "x-accel-buffering": "no",
} as const;

export function createVoiceEventStream(): VoiceEventStream {
  const body = new PassThrough();
  return {
    body,
    send({ event, data }) {
      if (body.writableEnded || body.destroyed) return;
      body.write(formatSseFrame(event, data));
    },
    end() {
      if (!body.writableEnded) body.end();
    },
  };
}
