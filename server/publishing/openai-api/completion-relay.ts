/**
 * A begun /v1 turn relayed to the client: as `chat.completion.chunk` frames ending in
 * `data: [DONE]`, or gathered into one `chat.completion`. The agent's tool steps run on the
 * server and are not relayed: the client sees the answer they lead to.
 */
import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ChatCompletion } from "../../../contracts/openai-compatible.js";
import { serviceUnavailableError } from "../../http/error-handler.js";
import { apiError, HttpError } from "../../http/http-error.js";
import { openEventStream } from "../../http/sse-writer.js";
import {
  chunkOf,
  completionObject,
  DONE_FRAME,
  finishReason,
  formatDataFrame,
  openAiError,
  usageChunk,
  usageOfTurn,
  type CompletionIdentity,
} from "./completion-wire.js";
import type { BegunCompletion } from "./service.js";

function identityOf(begun: BegunCompletion, now: Date): CompletionIdentity {
  return { id: `chatcmpl-${randomUUID()}`, created: Math.floor(now.getTime() / 1000), model: begun.model };
}

export async function gatherCompletion(begun: BegunCompletion, now: Date): Promise<ChatCompletion> {
  let text = "";
  let securityLock = false;
  for await (const event of begun.turn.events) {
    if (event.type === "delta") text += event.text;
    else if (event.type === "done") {
      securityLock = event.securityLock;
      text = event.response || text;
    }
  }
  return completionObject(identityOf(begun, now), text, securityLock, usageOfTurn(begun.usage()));
}

/** Streams the turn; a failure after the first frame is told as an `error` frame, and a client that left is told nothing. */
export async function streamCompletion(
  request: FastifyRequest,
  reply: FastifyReply,
  begun: BegunCompletion,
  options: { now: Date; includeUsage: boolean; signal: AbortSignal },
): Promise<FastifyReply> {
  const identity = identityOf(begun, options.now);
  const sse = openEventStream(reply, formatDataFrame);
  const tokenSent = request.server.metrics.firstTokenTimer("text", performance.now() - reply.elapsedTime);
  sse.send("chunk", chunkOf(identity, { role: "assistant", content: "" }));
  let relayed = false;
  try {
    for await (const event of begun.turn.events) {
      if (event.type === "delta") {
        tokenSent();
        relayed = true;
        sse.send("chunk", chunkOf(identity, { content: event.text }));
      } else if (event.type === "done") {
        // A locked turn's refusal comes whole with its end, not as deltas.
        if (!relayed && event.response) sse.send("chunk", chunkOf(identity, { content: event.response }));
        sse.send("chunk", chunkOf(identity, {}, finishReason(event.securityLock)));
        if (options.includeUsage) sse.send("chunk", usageChunk(identity, usageOfTurn(begun.usage())));
        sse.end("done", DONE_FRAME);
      }
    }
  } catch (error) {
    if (!options.signal.aborted) {
      const known = error instanceof HttpError ? error : serviceUnavailableError(error);
      if (!known) request.log.error({ err: error }, "completion stream failed");
      const failure = known ?? apiError("INTERNAL");
      sse.end("error", openAiError(failure.statusCode, failure.body));
    }
  } finally {
    sse.end();
  }
  return reply;
}
