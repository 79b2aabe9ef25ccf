/**
 * Route guards. `requireUser` resolves the session cookie to an approved user (401 otherwise);
 * `requireAdmin` adds the admin check (403). Handlers read the user with `signedInUser()`.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { Clock } from "../clock.js";
import type { Db } from "../db/connect.js";
import { HttpError } from "../http/http-error.js";
import { findSessionUser, SESSION_COOKIE } from "./sessions.js";
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
}

export interface Guards {
  requireUser: preHandlerAsyncHookHandler;
  requireAdmin: preHandlerAsyncHookHandler;
  /** Resolves the user if signed in, without refusing (for /api/auth/user and sockets). */
  resolveUser(request: FastifyRequest): Promise<UserRow | null>;
}

export function createGuards(deps: GuardDeps): Guards {
  async function resolveUser(request: FastifyRequest): Promise<UserRow | null> {
    if (request.user) return request.user;
    const id = request.cookies[SESSION_COOKIE];
    if (!id) return null;
    const found = await findSessionUser(deps.db, deps.sessionSecret, id, deps.clock.now());
    // A session whose user was denied after signing in no longer counts.
    if (!found || found.user.approvalStatus !== "approved") return null;
    request.user = found.user;
    request.sessionHash = found.sessionHash;
    return found.user;
  }

  async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (!(await resolveUser(request))) throw new HttpError(401, "Unauthorized");
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    if (!request.user?.isAdmin) throw new HttpError(403, "Admin access required");
  }

  return { requireUser, requireAdmin, resolveUser };
}

export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, "Unauthorized");
  return request.user;
}
