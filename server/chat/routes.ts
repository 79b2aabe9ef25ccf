/**
 * Chat HTTP routes (spec section 7): POST /api/chat/{agentId} answering JSON, or an event
 * stream when the request accepts text/event-stream; GET /api/conversations and
 * GET /api/conversations/{id}/messages (the active branch) and PUT .../branch (show another
 * version); a person's own conversation renamed or pinned (PATCH),
 * deleted (DELETE, soft) and restored, and searched by words. Event names and order are
 * documented in docs/api.md.
 */
import { SIGNED_IN } from "../http/route-access.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BranchChoiceSchema,
  ChatFailedSchema,
  ChatLockedSchema,
  ChatMessageSchema,
  ChatRequestSchema,
  ChatResponseSchema,
  ConversationSearchQuerySchema,
  ConversationSearchResultSchema,
  ConversationSummarySchema,
  ConversationUpdateSchema,
  type ChatRequest,
} from "../../contracts/chat.js";
import { signedInUser } from "../auth/guards.js";
import type { UserRow } from "../auth/user-view.js";
import type { FeatureDeps } from "../feature-deps.js";
import { abortWhenClientLeaves } from "../http/client-leaves.js";
import { eventStreamResponse, NO_CONTENT } from "../http/openapi.js";
import {
  beginChat,
  chat,
  chooseBranch,
  deleteConversation,
  listConversations,
  listMessages,
  restoreConversation,
  searchConversations,
  updateConversation,
} from "./service.js";
import { streamTurn } from "../conversations/turn-event-stream.js";

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
      if (wantsEventStream(request)) return await streamChat(deps, request, reply, user, signal);
      return await chat(deps, user, request.params.agentId, request.body, { signal, log: request.log });
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

  api.put(
    "/api/conversations/:id/branch",
    {
      ...SIGNED_IN,
      schema: { params: ConversationParams, body: BranchChoiceSchema, response: { 200: z.array(ChatMessageSchema) } },
    },
    async (request) => chooseBranch(deps, signedInUser(request), request.params.id, request.body.messageId),
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
  const begun = await beginChat(deps, user, request.params.agentId, request.body, {
    signal,
    log: request.log,
  });
  return streamTurn(deps, request, reply, begun, signal);
}
