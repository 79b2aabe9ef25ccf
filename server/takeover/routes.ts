/**
 * A person in the loop (issue 26): GET /api/live-conversations (the caller's agents'), one of
 * them with its messages (GET /api/live-conversations/{id}: an admin or the agent's owner), and
 * /api/admin/live-conversations (everyone's: admin-only, as every read of others' data is), POST /api/conversations/{id}/
 * takeover, human-messages and release, GET /api/conversations/{id}/takeover (the hold, as
 * JSON) and GET /api/conversations/{id}/live (the same, as an event stream that says whenever
 * the conversation changes, on any instance). Ids are checked by the service: a malformed one
 * is a 404 like any unknown id.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CONVERSATION_LIVE_EVENTS,
  HumanMessageBodySchema,
  HumanMessageSentSchema,
  LiveConversationDetailSchema,
  LiveConversationListSchema,
  OWNER_LIVE_EVENTS,
  TakeoverStateSchema,
} from "../../contracts/takeover.js";
import { signedInUser } from "../auth/guards.js";
import type { FeatureDeps } from "../feature-deps.js";
import { eventStreamResponse } from "../http/openapi.js";
import { ADMIN_ONLY, SIGNED_IN } from "../http/route-access.js";
import { openEventStream } from "../http/sse-writer.js";
import { createConversationWatchers } from "./conversation-watchers.js";
import { createOwnerLiveWatchers } from "./owner-live-watchers.js";
import {
  liveConversation,
  liveConversations,
  readTakeoverState,
  releaseConversation,
  sendHumanMessage,
  takeOverConversation,
} from "./service.js";

const IdParams = z.object({ id: z.string().max(100) });
const LiveQuery = z.object({
  once: z.enum(["true"]).optional().describe("Send the current state and end: for a client that only polls."),
});
/** A frame this often keeps proxies from closing a quiet stream and tells the client it is alive. */
const LIVE_PING_MS = 25_000;

export function registerTakeoverRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const watchers = createConversationWatchers(deps.bus);
  const ownerWatchers = createOwnerLiveWatchers(deps.bus, deps.db, app.log);
  app.addHook("preClose", async () => {
    watchers.close();
    ownerWatchers.close();
  });

  api.get(
    "/api/live-conversations",
    { ...SIGNED_IN, schema: { response: { 200: LiveConversationListSchema } } },
    async (request) => liveConversations(deps, signedInUser(request), "own agents"),
  );
  api.get(
    "/api/live-conversations/events",
    {
      ...SIGNED_IN,
      schema: {
        querystring: LiveQuery,
        response: {
          200: eventStreamResponse(
            "`ready` at once, then `changed` whenever a conversation with one of the caller's agents changes",
          ),
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const sse = openEventStream(reply);
      sse.send(OWNER_LIVE_EVENTS.ready, {});
      if (request.query.once) return sse.end();
      const stopWatching = ownerWatchers.watch(
        user.id,
        () => sse.send(OWNER_LIVE_EVENTS.changed, {}),
        () => sse.end(),
      );
      const ping = setInterval(() => sse.send("ping", {}), LIVE_PING_MS);
      reply.raw.once("close", () => {
        stopWatching();
        clearInterval(ping);
      });
    },
  );
  api.get(
    "/api/live-conversations/:id",
    { ...SIGNED_IN, schema: { params: IdParams, response: { 200: LiveConversationDetailSchema } } },
    async (request) => liveConversation(deps, signedInUser(request), request.params.id),
  );
  api.get(
    "/api/admin/live-conversations",
    { ...ADMIN_ONLY, schema: { response: { 200: LiveConversationListSchema } } },
    async (request) => liveConversations(deps, signedInUser(request), "all"),
  );
  api.post(
    "/api/conversations/:id/takeover",
    { ...SIGNED_IN, schema: { params: IdParams, response: { 200: TakeoverStateSchema } } },
    async (request) => takeOverConversation(deps, signedInUser(request), request.params.id),
  );
  api.post(
    "/api/conversations/:id/human-messages",
    {
      ...SIGNED_IN,
      schema: { params: IdParams, body: HumanMessageBodySchema, response: { 201: HumanMessageSentSchema } },
    },
    async (request, reply) => {
      const sent = await sendHumanMessage(deps, signedInUser(request), request.params.id, request.body.text);
      return reply.status(201).send(sent);
    },
  );
  api.post(
    "/api/conversations/:id/release",
    { ...SIGNED_IN, schema: { params: IdParams, response: { 200: TakeoverStateSchema } } },
    async (request) => releaseConversation(deps, signedInUser(request), request.params.id),
  );
  api.get(
    "/api/conversations/:id/takeover",
    { ...SIGNED_IN, schema: { params: IdParams, response: { 200: TakeoverStateSchema } } },
    async (request) => readTakeoverState(deps, signedInUser(request), request.params.id),
  );
  api.get(
    "/api/conversations/:id/live",
    {
      ...SIGNED_IN,
      schema: {
        params: IdParams,
        querystring: LiveQuery,
        response: {
          200: eventStreamResponse(
            "`state` frames (TakeoverState) at once and after every change to the conversation's messages or hold",
          ),
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      // Refused as plain JSON (404) before the stream begins.
      const first = await readTakeoverState(deps, user, request.params.id);
      const sse = openEventStream(reply);
      sse.send(CONVERSATION_LIVE_EVENTS.state, first);
      if (request.query.once) return sse.end();
      // One read at a time, and one more if a change came in meanwhile: the last frame is always fresh.
      let reading = false;
      let again = false;
      const wake = () => {
        if (reading) return void (again = true);
        reading = true;
        readTakeoverState(deps, user, first.conversationId)
          .then((state) => sse.send(CONVERSATION_LIVE_EVENTS.state, state))
          .catch((error: unknown) => {
            request.log.warn({ err: error }, "live conversation stream ended");
            sse.end();
          })
          .finally(() => {
            reading = false;
            if (again) {
              again = false;
              wake();
            }
          });
      };
      const stopWatching = watchers.watch(first.conversationId, wake, () => sse.end());
      const ping = setInterval(() => sse.send("ping", {}), LIVE_PING_MS);
      reply.raw.once("close", () => {
        stopWatching();
        clearInterval(ping);
      });
    },
  );
}
