/**
 * Who may call which route. Every /api and /ws- route declares `config: { access }` —
 * "public", "user" (an approved, signed-in user) or "admin" — and one onRequest hook enforces
 * it before the body is read or validated: a signed-out caller gets 401, never a validation
 * message meant for people allowed to call the route. A route that declares nothing fails at
 * start-up, so a new route cannot ship without a decision (the permission matrix test reads
 * the same declarations). Handlers read the user with `signedInUser()`. Sessions are looked
 * up through a few seconds' cache that the event bus empties when sessions end (session-cache.ts).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Clock } from "../clock.js";
import type { Db } from "../db/connect.js";
import { apiError } from "../http/http-error.js";
import type { EventBus } from "../realtime/event-bus.js";
import { createSessionCache, SESSION_CACHE_DEFAULTS } from "./session-cache.js";
import { SESSION_COOKIE, type Access } from "../http/route-access.js";
import { findSessionByHash, hashSessionId } from "./sessions.js";
import type { UserRow } from "./user-view.js";

declare module "fastify" {
  interface FastifyRequest {
    user: UserRow | null;
    sessionHash: string | null;
  }
}

export interface GuardDeps {
  db: Db;
  clock: Clock;
  sessionSecret: string;
  /** Without a bus nothing could tell the cache that a session ended, so nothing is cached. */
  bus?: EventBus;
}

export interface Guards {
  /** Resolves the user if signed in, without refusing (for /api/auth/user and sockets). */
  resolveUser(request: FastifyRequest): Promise<UserRow | null>;
  /** Stops listening to the bus; registerAccessControl calls it when the app closes. */
  close(): void;
}

export function createGuards(deps: GuardDeps): Guards {
  const { bus } = deps;
  const cache = bus ? createSessionCache(SESSION_CACHE_DEFAULTS) : null;
  const stopListening = bus && cache ? bus.onSessionsRevoked((revocation) => cache.revoke(revocation)) : () => {};

  async function lookUp(sessionHash: string, now: Date): Promise<UserRow | null> {
    // While revocations from other instances could be missed, every request asks the database.
    const useCache = cache !== null && bus !== undefined && bus.hearsOtherInstances();
    const cached = useCache ? cache.get(sessionHash, now) : undefined;
    if (cached) return cached;
    const ticket = cache?.ticket() ?? 0;
    const found = await findSessionByHash(deps.db, sessionHash, now);
    // A session whose user was denied after signing in no longer counts.
    if (!found || found.user.approvalStatus !== "approved") return null;
    if (useCache) cache.set(sessionHash, found, ticket, now);
    return found.user;
  }

  async function resolveUser(request: FastifyRequest): Promise<UserRow | null> {
    if (request.user) return request.user;
    const id = request.cookies[SESSION_COOKIE];
    if (!id) return null;
    const sessionHash = hashSessionId(deps.sessionSecret, id);
    const user = await lookUp(sessionHash, deps.clock.now());
    if (!user) return null;
    request.user = user;
    request.sessionHash = sessionHash;
    return user;
  }
  return { resolveUser, close: stopListening };
}

/** Paths whose routes must declare their access; static files and health checks need not. */
export function needsAccessDecision(url: string): boolean {
  // /metrics is outside /api for the scrapers' sake, and /v1 for OpenAI's clients' (issue 25):
  // no less in need of a decision.
  return (
    url === "/api" || url.startsWith("/api/") || url.startsWith("/v1/") || url.startsWith("/ws-") || url === "/metrics"
  );
}

/** Registers the start-up check and the enforcing hook. Call before any route is added. */
export function registerAccessControl(app: FastifyInstance, guards: Guards): void {
  app.addHook("onClose", async () => guards.close());
  app.addHook("onRoute", (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (needsAccessDecision(route.url) && !access) {
      throw new Error(`${route.method} ${route.url} declares no access (config.access: public, user or admin)`);
    }
  });
  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === "public") return;
    const user = await guards.resolveUser(request);
    if (!user) throw apiError("UNAUTHORIZED");
    if (access === "admin" && !user.isAdmin) throw apiError("ADMIN_REQUIRED");
  });
}

export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw apiError("UNAUTHORIZED");
  return request.user;
}
