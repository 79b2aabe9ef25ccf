/**
 * The guests' channel (issue 25): GET /api/public/{slug} (what the page and the widget show),
 * POST /api/public/{slug}/sessions and POST /api/public/{slug}/chat (the chat event stream,
 * `Authorization: Bearer <guest token>`). Called from the sites that embed the agent: the
 * origin is checked on the server and answered with CORS headers only when allowed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ChatFailedSchema, ChatLockedSchema, ChatResponseSchema } from "../../contracts/chat.js";
import {
  GuestChatRequestSchema,
  GuestSessionRequestSchema,
  GuestSessionSchema,
  PublicAgentSchema,
} from "../../contracts/publishing.js";
import { streamTurn } from "../conversations/turn-event-stream.js";
import type { FeatureDeps } from "../feature-deps.js";
import { abortWhenClientLeaves } from "../http/client-leaves.js";
import { apiError } from "../http/http-error.js";
import { eventStreamResponse, NO_CONTENT } from "../http/openapi.js";
import { PUBLIC } from "../http/route-access.js";
import {
  beginGuestTurn,
  openGuestSession,
  originAllowed,
  publishedFor,
  toPublicAgent,
  type GuestCaller,
} from "./guest-service.js";
import { GUEST_STREAM_RECHECK_MS, type GuestStreams } from "./guest-streams.js";
import { findPublishedAgentBySlug } from "./queries.js";

const SlugParams = z.object({ slug: z.string().max(100) });
const PREFLIGHT_MAX_AGE_SECONDS = 600;

function callerOf(request: FastifyRequest): GuestCaller {
  const origin = typeof request.headers.origin === "string" ? request.headers.origin : null;
  return { origin, selfOrigin: `${request.protocol}://${request.host}`, address: request.ip };
}

/** CORS for an allowed cross-origin caller; nothing for same-origin or non-browser callers. */
function allowCaller(reply: FastifyReply, caller: GuestCaller): void {
  reply.header("Vary", "Origin");
  if (caller.origin && caller.origin !== caller.selfOrigin) {
    reply.header("Access-Control-Allow-Origin", caller.origin);
  }
}

function bearerOf(request: FastifyRequest): string {
  const header = request.headers.authorization ?? "";
  const match = /^Bearer\s+(\S{1,500})$/i.exec(header);
  if (!match) throw apiError("GUEST_TOKEN_INVALID");
  return match[1];
}

export function registerPublicRoutes(app: FastifyInstance, deps: FeatureDeps, streams: GuestStreams): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/public/:slug",
    { ...PUBLIC, schema: { params: SlugParams, response: { 200: PublicAgentSchema } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const published = await publishedFor(deps, request.params.slug, caller);
      allowCaller(reply, caller);
      return toPublicAgent(published);
    },
  );

  // Preflights of the two POSTs (JSON bodies, a bearer token): answered for allowed origins only.
  for (const url of ["/api/public/:slug/sessions", "/api/public/:slug/chat"]) {
    api.options(
      url,
      { ...PUBLIC, schema: { params: SlugParams, response: { 204: NO_CONTENT } } },
      async (request, reply) => {
        const caller = callerOf(request);
        const published = await findPublishedAgentBySlug(deps.db, request.params.slug.toLowerCase());
        if (!published || !originAllowed(published.publishing, caller)) throw apiError("ORIGIN_NOT_ALLOWED");
        allowCaller(reply, caller);
        reply.header("Access-Control-Allow-Methods", "POST");
        reply.header("Access-Control-Allow-Headers", "Content-Type, Authorization");
        reply.header("Access-Control-Max-Age", String(PREFLIGHT_MAX_AGE_SECONDS));
        return reply.status(204).send();
      },
    );
  }

  api.post(
    "/api/public/:slug/sessions",
    {
      ...PUBLIC,
      schema: { params: SlugParams, body: GuestSessionRequestSchema, response: { 200: GuestSessionSchema } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const published = await publishedFor(deps, request.params.slug, caller);
      allowCaller(reply, caller);
      return openGuestSession(deps, published, caller, request.body);
    },
  );

  api.post(
    "/api/public/:slug/chat",
    {
      ...PUBLIC,
      schema: {
        params: SlugParams,
        body: GuestChatRequestSchema,
        response: {
          200: eventStreamResponse(
            "The reply as the events conversation, delta, then done or error",
            ChatResponseSchema,
          ),
          423: ChatLockedSchema,
          "4xx": ChatFailedSchema,
          "5xx": ChatFailedSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const published = await publishedFor(deps, request.params.slug, caller);
      allowCaller(reply, caller);
      const token = bearerOf(request);
      // Ends with the client, or when the agent stops being published (here at once, elsewhere on recheck).
      const cut = new AbortController();
      const signal = AbortSignal.any([abortWhenClientLeaves(request, reply), cut.signal]);
      const close = streams.open(published.agent.id, cut);
      const recheck = setInterval(() => {
        findPublishedAgentBySlug(deps.db, published.publishing.slug).then(
          (still) => {
            if (still?.agent.id !== published.agent.id) cut.abort(new Error("agent unpublished"));
          },
          () => undefined,
        );
      }, GUEST_STREAM_RECHECK_MS);
      recheck.unref();
      try {
        const begun = await beginGuestTurn(deps, published, caller, {
          token,
          message: request.body.message,
          signal,
          log: request.log,
        });
        return await streamTurn(deps, request, reply, begun, signal);
      } finally {
        clearInterval(recheck);
        close();
      }
    },
  );
}
