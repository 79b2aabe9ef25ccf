/**
 * Live events for admins (spec section 7): GET /api/admin/stats, the figures the dashboard opens
 * with, and the WebSocket /ws-admin that pushes their changes and the instance's events. The
 * session cookie decides at the upgrade: signed-out 401, non-admin 403, another site's page
 * 403. The client's `auth` message is accepted for compatibility, but a socket whose message
 * names anyone else is closed (4403). Each instance subscribes to the event bus once and fans out to its sockets.
 */
import { ADMIN_ONLY, SESSION_COOKIE } from "../http/route-access.js";
import { errorBody } from "../../contracts/errors.js";
import websocket from "@fastify/websocket";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RawData, WebSocket } from "ws";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AdminAuthMessageSchema, AdminStatsSchema, ADMIN_SOCKET_CLOSE } from "../../contracts/realtime.js";
import { readAdminStats } from "./stats.js";
import { findSessionUser, hashSessionId } from "../auth/sessions.js";
import type { FeatureDeps } from "../feature-deps.js";
import { createAdminHub, type AccessVerdict, type HubClient } from "./hub.js";

/** Clients only ever send the small auth message. */
const MAX_CLIENT_MESSAGE_BYTES = 4096;

export async function registerLiveEvents(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/api/admin/stats", { ...ADMIN_ONLY, schema: { response: { 200: AdminStatsSchema } } }, async () =>
      readAdminStats(deps.db),
    );

  // Another feature may have registered the plugin already; it decorates the root once.
  if (!app.hasDecorator("websocketServer")) {
    await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
  }
  const hub = createAdminHub({
    readStats: () => readAdminStats(deps.db),
    onError: (error, context) => app.log.warn({ err: error }, context),
  });
  const unsubscribe = deps.bus.subscribe((event) => hub.onEvent(event));
  const stopHearingRevocations = deps.bus.onSessionsRevoked((revocation) => hub.onSessionsRevoked(revocation));
  app.addHook("onClose", async () => {
    unsubscribe();
    stopHearingRevocations();
    hub.close();
  });

  async function verifySession(cookie: string): Promise<AccessVerdict> {
    const found = await findSessionUser(deps.db, deps.config.sessionSecret, cookie, deps.clock.now());
    if (!found || found.user.approvalStatus !== "approved") return "unauthenticated";
    return found.user.isAdmin ? "admin" : "forbidden";
  }

  app.get(
    "/ws-admin",
    {
      ...ADMIN_ONLY,
      websocket: true,
      // The access hook has already refused non-admins (401/403) at the upgrade.
      preValidation: async (request, reply) => {
        // Browsers send cookies with cross-origin WebSocket handshakes; only our own pages may connect.
        if (isCrossOrigin(request)) return reply.status(403).send(errorBody("CROSS_SITE_SOCKET_REFUSED"));
      },
      // The access hook refuses before @fastify/websocket has marked the request as an upgrade,
      // so the plugin's clean-up skips it; without this the refused connection stayed open for
      // good, nothing reading it, and app.close() waited on it.
      onResponse: async (request) => {
        if (!request.ws && request.headers.upgrade) request.raw.socket.destroy();
      },
    },
    (socket: WebSocket, request: FastifyRequest) => {
      const user = request.user;
      const cookie = request.cookies[SESSION_COOKIE];
      const sessionHash = request.sessionHash;
      if (!user || !cookie || !sessionHash) return socket.close(ADMIN_SOCKET_CLOSE.unauthenticated, "Unauthorized");
      const client: HubClient = {
        socket,
        userId: user.id,
        sessionHash,
        alive: true,
        verify: () => verifySession(cookie),
      };
      socket.on("pong", () => {
        client.alive = true;
      });
      socket.on("close", () => hub.remove(client));
      socket.on("message", (data: RawData, isBinary: boolean) => {
        if (isBinary || byteLength(data) > MAX_CLIENT_MESSAGE_BYTES) return socket.close(1003, "Unsupported message");
        if (!authMessageMatches(data, user.id, request.sessionHash, deps.config.sessionSecret)) {
          hub.remove(client);
          socket.close(ADMIN_SOCKET_CLOSE.forbidden, "Forbidden");
        }
      });
      hub.add(client);
    },
  );
}

/**
 * Only the `auth` message means anything, and only as a cross-check: it must name the
 * cookie's user, and a sessionId, when sent, must be this very session. Other messages are
 * ignored so that newer clients can talk to older servers.
 */
function authMessageMatches(data: RawData, userId: string, sessionHash: string | null, secret: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(textOf(data));
  } catch {
    return true;
  }
  if (typeof parsed !== "object" || parsed === null || (parsed as { type?: unknown }).type !== "auth") return true;
  const auth = AdminAuthMessageSchema.safeParse(parsed);
  if (!auth.success || auth.data.userId !== userId) return false;
  return auth.data.sessionId === undefined || hashSessionId(secret, auth.data.sessionId) === sessionHash;
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return (data instanceof ArrayBuffer ? Buffer.from(data) : data).toString("utf8");
}

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function isCrossOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false; // not a browser (tests, server-to-server)
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}
