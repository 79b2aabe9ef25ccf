/**
 * Voice HTTP routes (spec section 7 and docs/api.md "## Voice"): /api/tts, /api/stt,
 * /api/voice/capabilities and /api/voice-conversations…, all for signed-in users.
 * Handlers only parse, call one service function and answer.
 */
import { SIGNED_IN } from "../http/route-access.js";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUDIO_BODY_LIMIT_BYTES } from "../../contracts/limits.js";
import { ChatMessageSchema } from "../../contracts/chat.js";
import { MessageSchema } from "../../contracts/message.js";
import {
  SaveAudioResponseSchema,
  SaveAudioSchema,
  SttRequestSchema,
  SttResponseSchema,
  SttUnavailableMessage,
  TtsRequestSchema,
  TtsResponseSchema,
  VoiceCapabilitiesSchema,
  VoiceChatRequestSchema,
  VoiceChatResponseSchema,
  VoiceConversationCreatedSchema,
  VoiceConversationCreateSchema,
  VoiceInterruptedSchema,
  VoiceTurnRequestSchema,
} from "../../contracts/voice.js";
import { signedInUser } from "../auth/guards.js";
import type { FeatureDeps } from "../feature-deps.js";
import { abortWhenClientLeaves } from "../http/client-leaves.js";
import { eventStreamResponse, NO_CONTENT } from "../http/openapi.js";
import { untilDelivered } from "../http/until-delivered.js";
import { createVoiceEventStream, EVENT_STREAM_HEADERS } from "./event-stream.js";
import {
  createVoiceConversation,
  endVoiceCall,
  interruptVoiceReply,
  listVoiceMessages,
  saveVoiceAudio,
  voiceChat,
} from "./service.js";
import { startTranscription, textToSpeech, voiceCapabilities, warmUpSpeech } from "./speech.js";
import { beginVoiceTurn, openVoiceTurn } from "./voice-turn.js";

const ConversationParams = z.object({ id: z.string() });
const MessageParams = z.object({ id: z.string(), messageId: z.string() });

/** `onCallEnded` runs after a call's end is recorded (the outcome's extraction, issue 26); never awaited by the answer. */
export function registerVoiceRoutes(
  app: FastifyInstance,
  deps: FeatureDeps & { onCallEnded?: (conversationId: string) => void },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The access hook runs at onRequest: a signed-out client is refused before its (up to 12 MB) body is read.
  const audioRoute = { ...SIGNED_IN, bodyLimit: AUDIO_BODY_LIMIT_BYTES };

  api.get(
    "/api/voice/capabilities",
    { ...SIGNED_IN, schema: { response: { 200: VoiceCapabilitiesSchema } } },
    async () => {
      warmUpSpeech(deps);
      return voiceCapabilities(deps);
    },
  );

  api.post(
    "/api/tts",
    {
      ...SIGNED_IN,
      onRequest: deps.concurrency.hold("speech"),
      schema: { body: TtsRequestSchema, response: { 200: TtsResponseSchema } },
    },
    async (request, reply) => textToSpeech(deps, { ...request.body, signal: abortWhenClientLeaves(request, reply) }),
  );

  api.post(
    "/api/stt",
    {
      ...audioRoute,
      onRequest: deps.concurrency.hold("speech"),
      schema: {
        body: SttRequestSchema,
        // 503 is an expected answer here, not an outage: the server may have no speech-to-text.
        response: { 200: SttResponseSchema, 503: MessageSchema.describe(SttUnavailableMessage) },
      },
    },
    async (request, reply) => ({
      text: await startTranscription(deps, { ...request.body, signal: abortWhenClientLeaves(request, reply) }),
    }),
  );

  api.post(
    "/api/voice-conversations",
    {
      ...SIGNED_IN,
      schema: { body: VoiceConversationCreateSchema, response: { 201: VoiceConversationCreatedSchema } },
    },
    async (request, reply) => {
      const created = await createVoiceConversation(deps, signedInUser(request), { ...request.body, log: request.log });
      return reply.status(201).send(created);
    },
  );

  api.get(
    "/api/voice-conversations/:id/messages",
    { ...SIGNED_IN, schema: { params: ConversationParams, response: { 200: z.array(ChatMessageSchema) } } },
    async (request) => listVoiceMessages(deps, signedInUser(request), request.params.id),
  );

  api.post(
    "/api/voice-conversations/:id/chat",
    {
      ...SIGNED_IN,
      onRequest: deps.concurrency.hold("turns"),
      schema: { params: ConversationParams, body: VoiceChatRequestSchema, response: { 200: VoiceChatResponseSchema } },
    },
    async (request, reply) =>
      voiceChat(deps, signedInUser(request), request.params.id, {
        ...request.body,
        signal: abortWhenClientLeaves(request, reply),
        log: request.log,
      }),
  );

  api.post(
    "/api/voice-conversations/:id/turn",
    {
      ...audioRoute,
      // Over the user's or company's cap of turns in flight: 429 before the (up to 12 MB) body is read.
      onRequest: deps.concurrency.hold("turns"),
      schema: {
        params: ConversationParams,
        body: VoiceTurnRequestSchema,
        response: {
          200: eventStreamResponse(
            "The turn as events: transcript, stored, delta and audio, then done (its data below) or skipped or error",
          ),
        },
      },
    },
    async (request, reply) => {
      // The turn's stages count from the request's arrival, before its (up to 12 MB) body was read.
      const arrivedAt = performance.now() - reply.elapsedTime;
      const signal = abortWhenClientLeaves(request, reply);
      // Refusals (404, 409 time limit, 423, 429, 503) are plain HTTP answers; after this it is a stream.
      const prepared = await beginVoiceTurn(
        deps,
        signedInUser(request),
        request.params.id,
        request.body,
        signal,
        arrivedAt,
      );
      const turn = await openVoiceTurn(deps, { ...prepared, log: request.log });
      const stream = createVoiceEventStream();
      const tokenSent = app.metrics.firstTokenTimer("voice", arrivedAt);
      const send: typeof stream.send = (event) => {
        if (event.event === "delta") tokenSent();
        stream.send(event);
      };
      const delivered = () => untilDelivered(stream.body, reply.raw);
      void turn.stream(send, delivered).finally(stream.end);
      return reply.headers(EVENT_STREAM_HEADERS).send(stream.body);
    },
  );

  api.post(
    "/api/voice-conversations/:id/save-audio",
    {
      ...audioRoute,
      schema: { params: ConversationParams, body: SaveAudioSchema, response: { 201: SaveAudioResponseSchema } },
    },
    async (request, reply) => {
      const saved = await saveVoiceAudio(deps, signedInUser(request), request.params.id, request.body);
      return reply.status(201).send(saved);
    },
  );

  api.post(
    "/api/voice-conversations/:id/messages/:messageId/interrupted",
    { ...SIGNED_IN, schema: { params: MessageParams, body: VoiceInterruptedSchema, response: { 204: NO_CONTENT } } },
    async (request, reply) => {
      const { id, messageId } = request.params;
      await interruptVoiceReply(deps, signedInUser(request), id, messageId, request.body.spokenText);
      return reply.status(204).send();
    },
  );

  api.post(
    "/api/voice-conversations/:id/end",
    { ...SIGNED_IN, schema: { params: ConversationParams, response: { 204: NO_CONTENT } } },
    async (request, reply) => {
      await endVoiceCall(deps, signedInUser(request), request.params.id);
      deps.onCallEnded?.(request.params.id);
      return reply.status(204).send();
    },
  );
}
