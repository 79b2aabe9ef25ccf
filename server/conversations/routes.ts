/**
 * All conversations (spec section 7): every text and voice conversation of the instance, its
 * messages, and a voice call's saved audio. Admin only; each read of a conversation is audited
 * (all-conversations.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AdminConversationSchema,
  AdminMessageSchema,
  AdminVoiceConversationSchema,
  AdminVoiceMessagesSchema,
} from "../../contracts/admin.js";
import { signedInUser } from "../auth/guards.js";
import type { FeatureDeps } from "../feature-deps.js";
import { IdParams } from "../http/ids.js";
import { bytesResponse, NO_CONTENT } from "../http/openapi.js";
import { ADMIN_ONLY } from "../http/route-access.js";
import {
  getConversation,
  listConversations,
  listMessages,
  listVoiceMessages,
  readVoiceAudio,
} from "./all-conversations.js";

const AUDIO = {
  200: bytesResponse("audio/*", "The clip's bytes"),
  206: bytesResponse("audio/*", "The requested byte range of the clip"),
  416: NO_CONTENT.describe("The range lies outside the clip; Content-Range says its size"),
};

export function registerAllConversationsRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const byId = <R>(response: R) => ({ ...ADMIN_ONLY, schema: { params: IdParams, response } });
  const answers = <R>(response: R) => ({ ...ADMIN_ONLY, schema: { response } });

  api.get("/api/admin/conversations", answers({ 200: z.array(AdminConversationSchema) }), async () =>
    listConversations(deps, "text"),
  );
  // Text or voice: a text conversation's duration is 0.
  api.get("/api/admin/conversation/:id", byId({ 200: AdminVoiceConversationSchema }), async (request) =>
    getConversation(deps, request.params.id),
  );
  api.get("/api/admin/conversation/:id/messages", byId({ 200: z.array(AdminMessageSchema) }), async (request) =>
    listMessages(deps, signedInUser(request), request.params.id),
  );

  api.get("/api/admin/voice-conversations", answers({ 200: z.array(AdminVoiceConversationSchema) }), async () =>
    listConversations(deps, "voice"),
  );
  api.get("/api/admin/voice-conversations/:id/messages", byId({ 200: AdminVoiceMessagesSchema }), async (request) =>
    listVoiceMessages(deps, signedInUser(request), request.params.id),
  );
  api.get("/api/admin/voice-audio/:id", byId(AUDIO), async (request, reply) =>
    sendAudio(request, reply, await readVoiceAudio(deps, request.params.id)),
  );
}

/** Answers one byte range when asked, so the browser's <audio> element can seek. */
function sendAudio(request: FastifyRequest, reply: FastifyReply, audio: { mimeType: string; data: Buffer }) {
  const size = audio.data.length;
  reply
    .header("Content-Type", audio.mimeType)
    .header("Accept-Ranges", "bytes")
    .header("Cache-Control", "private, max-age=3600");
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? "");
  if (!range || (range[1] === "" && range[2] === "")) return reply.send(audio.data);
  // "bytes=-N" asks for the last N bytes; "bytes=N-" for everything from N.
  const start = range[1] === "" ? Math.max(0, size - Number(range[2])) : Number(range[1]);
  const end = range[1] !== "" && range[2] !== "" ? Math.min(Number(range[2]), size - 1) : size - 1;
  if (start >= size || start > end) {
    return reply.status(416).header("Content-Range", `bytes */${size}`).send();
  }
  return reply
    .status(206)
    .header("Content-Range", `bytes ${start}-${end}/${size}`)
    .send(audio.data.subarray(start, end + 1));
}
