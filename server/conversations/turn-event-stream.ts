/**
 * A begun turn relayed as the chat event stream (`conversation`, `delta`…, then `done` or
 * `error`; docs/api.md). Every channel that speaks these events writes them through here: the
 * members' chat (server/chat/routes.ts) and the guests' (server/publishing/public-routes.ts).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  CHAT_SSE_EVENTS,
  type ChatSseConversation,
  type ChatSseDone,
  type ChatSseError,
  type ChatSseToolCall,
  type ChatSseToolResult,
} from "../../contracts/chat.js";
import type { FeatureDeps } from "../feature-deps.js";
import { serviceUnavailableError } from "../http/error-handler.js";
import { apiError, HttpError, streamedError } from "../http/http-error.js";
import { openEventStream } from "../http/sse-writer.js";
import type { StartedTurn, ToolStepEvent } from "./turn-types.js";

/** Relays the turn; errors after the first event become an `error` event, and a client that left is told nothing. */
export async function streamTurn(
  deps: FeatureDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  { conversationId, turn }: { conversationId: string; turn: StartedTurn },
  signal: AbortSignal,
): Promise<FastifyReply> {
  const sse = openEventStream(reply);
  const tokenSent = request.server.metrics.firstTokenTimer("text", performance.now() - reply.elapsedTime);
  const opening: ChatSseConversation = {
    conversationId,
    userMessageId: turn.userMessageId,
    offline: deps.llm.kind === "offline",
  };
  sse.send(CHAT_SSE_EVENTS.conversation, opening);
  try {
    for await (const event of turn.events) {
      if (event.type === "delta") {
        tokenSent();
        sse.send(CHAT_SSE_EVENTS.delta, { text: event.text });
      } else if (event.type === "tool_call" || event.type === "tool_result") {
        sse.send(
          event.type === "tool_call" ? CHAT_SSE_EVENTS.toolCall : CHAT_SSE_EVENTS.toolResult,
          toolStepData(event),
        );
      } else {
        const done: ChatSseDone = {
          conversationId,
          response: event.response,
          securityLock: event.securityLock,
          offline: event.offline,
          citations: event.citations,
        };
        // The last frame rides on end(): one socket write fewer per reply.
        sse.end(CHAT_SSE_EVENTS.done, done);
      }
    }
  } catch (error) {
    // After the client left there is no one to tell; turn.ts already stored the partial reply.
    if (!signal.aborted) {
      // A database outage mid-stream is a 503 like any other answer's, not a 500.
      const known = error instanceof HttpError ? error : serviceUnavailableError(error);
      if (!known) request.log.error({ err: error }, "chat stream failed");
      const body: ChatSseError = streamedError(known ?? apiError("INTERNAL"));
      sse.end(CHAT_SSE_EVENTS.error, body);
    }
  } finally {
    sse.end();
  }
  return reply;
}

/** A tool step's SSE data: the event without its turn-internal `type`. */
function toolStepData(event: ToolStepEvent): ChatSseToolCall | ChatSseToolResult {
  const { type: _type, ...data } = event;
  return data;
}
