/**
 * GET /api/voice-conversations/{id}/realtime (WebSocket): the realtime engine's call. Every
 * refusal is a plain HTTP answer at the upgrade (realtime-call.ts admitRealtimeCall; another
 * site's page 403); then the socket is the call.
 */
import websocket from "@fastify/websocket";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { errorBody } from "../../contracts/errors.js";
import { LANGUAGE_CODES, DEFAULT_LANGUAGE, type LanguageCode } from "../../contracts/voice.js";
import { signedInUser } from "../auth/guards.js";
import type { FeatureDeps } from "../feature-deps.js";
import { SIGNED_IN } from "../http/route-access.js";
import { admitRealtimeCall, REALTIME_MAX_FRAME_BYTES, runRealtimeCall } from "./realtime-call.js";
import type { ReadyVoiceTurn } from "./service.js";

export async function registerRealtimeCallRoute(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  // The admin channel checks its own (small) message size; audio frames need room.
  if (!app.hasDecorator("websocketServer")) {
    await app.register(websocket, { options: { maxPayload: REALTIME_MAX_FRAME_BYTES } });
  }
  const admitted = new WeakMap<FastifyRequest, ReadyVoiceTurn>();
  app.get<{ Params: { id: string }; Querystring: { language?: string } }>(
    "/api/voice-conversations/:id/realtime",
    {
      ...SIGNED_IN,
      websocket: true,
      preValidation: async (request, reply) => {
        if (isCrossOrigin(request)) return reply.status(403).send(errorBody("CROSS_SITE_SOCKET_REFUSED"));
        admitted.set(request, await admitRealtimeCall(deps, signedInUser(request), request.params.id));
      },
      // A refused upgrade is not marked as one by the plugin, so its socket would stay open.
      onResponse: async (request) => {
        if (!request.ws && request.headers.upgrade) request.raw.socket.destroy();
      },
    },
    (socket: WebSocket, request) => {
      const ready = admitted.get(request);
      if (!ready) return socket.close(1011, "not admitted");
      const wanted = request.query.language;
      const language = (LANGUAGE_CODES as readonly string[]).includes(wanted ?? "")
        ? (wanted as LanguageCode)
        : DEFAULT_LANGUAGE;
      void runRealtimeCall(deps, { socket, ready, language, log: request.log });
    },
  );
}

function isCrossOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}
