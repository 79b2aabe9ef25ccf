/**
 * A voice turn's server-sent event stream as a Node readable, so Fastify sends it like any
 * other body (its hooks and headers still apply) and backpressure is the stream's business.
 * The frames are written by the one SSE writer chat uses too (server/http/sse-writer.ts).
 */
import { PassThrough } from "node:stream";
import type { VoiceTurnEvent } from "../../contracts/voice.js";
import { createSseWriter, EVENT_STREAM_HEADERS } from "../http/sse-writer.js";

export { EVENT_STREAM_HEADERS };

export interface VoiceEventStream {
  readonly body: PassThrough;
  send(event: VoiceTurnEvent): void;
  end(): void;
}

export function createVoiceEventStream(): VoiceEventStream {
  const body = new PassThrough();
  const writer = createSseWriter(body);
  return {
    body,
    send: ({ event, data }) => writer.send(event, data),
    end: () => writer.end(),
  };
}
