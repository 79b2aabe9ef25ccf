/**
 * Chat HTTP routes (spec section 7): POST /api/chat/{agentId} answering JSON, or an event
 * stream when the request accepts text/event-stream; GET /api/conversations and
 * GET /api/conversations/{id}/messages; a person's own conversation renamed or pinned (PATCH),
 * deleted (DELETE, soft) and restored, and searched by words. Event names and order are
 * documented in docs/api.md.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ChatFailedSchema,
  ChatLockedSchema,
  ChatMessageSchema,
  ChatRequestSchema,
  ChatResponseSchema,
  CHAT_SSE_EVENTS,
  ConversationSearchQuerySchema,
  ConversationSearchResultSchema,
  ConversationSummarySchema,
  ConversationUpdateSchema,
  type ChatRequest,
  type ChatSseConversation,
  type ChatSseDone,
  type ChatSseError,
} from "../../contracts/chat.js";
import { signedInUser, SIGNED_IN } from "../auth/guards.js";
import type { UserRow } from "../auth/user-view.js";
import type { FeatureDeps } from "../feature-deps.js";
import { abortWhenClientLeaves } from "../http/client-leaves.js";
import { serviceUnavailableError } from "../http/error-handler.js";
import { eventStreamResponse, NO_CONTENT } from "../http/openapi.js";
import { HttpError } from "../http/http-error.js";
import { openEventStream } from "../http/sse-writer.js";
import { ConversationLockedError } from "../conversations/security-lock/lock.js";
import {
  beginChat,
  chat,
  ChatTurnFailedError,
  deleteConversation,
  listConversations,
  listMessages,
  restoreConversation,
  searchConversations,
  updateConversation,
} from "./service.js";

// Ids are checked by the service, so a malformed one is a 404 like any unknown id.
const AgentParams = z.object({ agentId: z.string().max(100) });
const ConversationParams = z.object({ id: z.string().max(100) });

export function registerChatRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    "/api/chat/:agentId",
    {
      ...SIGNED_IN,
      // Over the user's or company's cap of turns in flight: 429 before the body is read.
      onRequest: deps.concurrency.hold("turns"),
      schema: {
        params: AgentParams,
        body: ChatRequestSchema,
        response: {
          200: eventStreamResponse(
            "The reply: JSON, or with Accept: text/event-stream the events conversation, delta, then done or error (docs/api.md)",
            ChatResponseSchema,
          ),
          423: ChatLockedSchema,
          "4xx": ChatFailedSchema,
          "5xx": ChatFailedSchema,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const signal = abortWhenClientLeaves(request, reply);
      try {
        if (wantsEventStream(request)) return await streamChat(deps, request, reply, user, signal);
        return await chat(deps, user, request.params.agentId, request.body, { signal, log: request.log });
      } catch (error) {
        // The shared error handler knows only `{ message }`; the lock answer also says how long.
        if (error instanceof ConversationLockedError) {
          return reply
            .status(423)
            .headers(error.headers)
            .send({ message: error.message, minutesLeft: error.minutesLeft });
        }
        if (error instanceof ChatTurnFailedError) {
          return reply.status(error.statusCode).send({ message: error.message, conversationId: error.conversationId });
        }
        throw error;
      }
    },
  );

  api.get(
    "/api/conversations",
    { ...SIGNED_IN, schema: { response: { 200: z.array(ConversationSummarySchema) } } },
    async (request) => listConversations(deps, signedInUser(request)),
  );

  api.get(
    "/api/conversations/:id/messages",
    { ...SIGNED_IN, schema: { params: ConversationParams, response: { 200: z.array(ChatMessageSchema) } } },
    async (request) => listMessages(deps, signedInUser(request), request.params.id),
  );

  api.get(
    "/api/conversations/search",
    {
      ...SIGNED_IN,
      schema: {
        querystring: ConversationSearchQuerySchema,
        response: { 200: z.array(ConversationSearchResultSchema) },
      },
    },
    async (request) => searchConversations(deps, signedInUser(request), request.query.q),
  );

  api.patch(
    "/api/conversations/:id",
    {
      ...SIGNED_IN,
      schema: {
        params: ConversationParams,
        body: ConversationUpdateSchema,
        response: { 200: ConversationSummarySchema },
      },
    },
    async (request) => updateConversation(deps, signedInUser(request), request.params.id, request.body),
  );

  api.delete(
    "/api/conversations/:id",
    { ...SIGNED_IN, schema: { params: ConversationParams, response: { 204: NO_CONTENT } } },
    async (request, reply) => {
      await deleteConversation(deps, signedInUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  api.post(
    "/api/conversations/:id/restore",
    { ...SIGNED_IN, schema: { params: ConversationParams, response: { 200: ConversationSummarySchema } } },
    async (request) => restoreConversation(deps, signedInUser(request), request.params.id),
  );
}

function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? "").includes("text/event-stream");
}

/**
 * Errors before the first byte (400/404/409/423) are answered as plain JSON by the caller;
 * from the `conversation` event on, the answer is an event stream and failures become `error`.
 */
async function streamChat(
  deps: FeatureDeps,
  request: FastifyRequest<{ Params: { agentId: string }; Body: ChatRequest }>,
  reply: FastifyReply,
  user: UserRow,
  signal: AbortSignal,
): Promise<FastifyReply> {
  const { conversationId, turn } = await beginChat(deps, user, request.params.agentId, request.body, {
    signal,
    log: request.log,
  });
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
      const body: ChatSseError = known
        ? { status: known.statusCode, message: known.message }
        : { status: 500, message: "Internal Server Error" };
      sse.end(CHAT_SSE_EVENTS.error, body);
    }
  } finally {
    sse.end();
  }
  return reply;
}
