/**
 * Caps on the work one user, and one company, may have in flight at once: conversation turns
 * (text and voice) and speech requests. One user with 1,200 chats open took 933 model calls
 * in 34 s and exhausted the database pool for everyone (issue 22). A request over a cap is
 * refused with 429, Retry-After and a plain message at onRequest — after the session is known,
 * before its body is read or any statement runs — and its slot is given back when its response
 * closes (finished, or the client left).
 *
 * The counters live in this process: each instance enforces the caps on the requests it serves,
 * so behind a load balancer a user may hold up to caps × instances. That bounds what matters
 * here — each instance's database pool and model calls — without a round trip per request.
 */
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { Config } from "../config.js";
import { errorBody, type CappedWork } from "../../contracts/errors.js";
import { HttpError } from "./http-error.js";

export type { CappedWork };

export type ConcurrencyLimits = Pick<
  Config,
  | "USER_CONCURRENT_TURNS"
  | "COMPANY_CONCURRENT_TURNS"
  | "USER_CONCURRENT_SPEECH"
  | "COMPANY_CONCURRENT_SPEECH"
  | "CONCURRENCY_RETRY_AFTER_SECONDS"
>;

export interface ConcurrencyCaps {
  /** A route-level onRequest hook (after the access hook) that holds a slot of `work` for the request's user. */
  hold(work: CappedWork): onRequestAsyncHookHandler;
  /** Work in flight now, for tests and metrics. */
  inFlight(work: CappedWork, userId: string): number;
}

/**
 * `companyOf` names the company a signed-in user counts against (the app passes the same key
 * companies are matched by), so this module needs nothing from the features it caps.
 */
export function createConcurrencyCaps(
  limits: ConcurrencyLimits,
  companyOf: (user: NonNullable<FastifyRequest["user"]>) => string,
): ConcurrencyCaps {
  const counters: Record<CappedWork, { users: Map<string, number>; companies: Map<string, number> }> = {
    turns: { users: new Map(), companies: new Map() },
    speech: { users: new Map(), companies: new Map() },
  };
  const userLimit = { turns: limits.USER_CONCURRENT_TURNS, speech: limits.USER_CONCURRENT_SPEECH };
  const companyLimit = { turns: limits.COMPANY_CONCURRENT_TURNS, speech: limits.COMPANY_CONCURRENT_SPEECH };
  const retryAfter = { "Retry-After": String(limits.CONCURRENCY_RETRY_AFTER_SECONDS) };

  const add = (map: Map<string, number>, key: string, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next > 0) map.set(key, next);
    else map.delete(key);
  };

  function acquire(work: CappedWork, userId: string, company: string): () => void {
    const { users, companies } = counters[work];
    if ((users.get(userId) ?? 0) >= userLimit[work]) {
      throw new HttpError(429, errorBody("USER_BUSY", { work, limit: userLimit[work] }), retryAfter);
    }
    if ((companies.get(company) ?? 0) >= companyLimit[work]) {
      throw new HttpError(429, errorBody("COMPANY_BUSY", { work, limit: companyLimit[work] }), retryAfter);
    }
    add(users, userId, 1);
    add(companies, company, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      add(users, userId, -1);
      add(companies, company, -1);
    };
  }

  return {
    hold(work) {
      return async (request: FastifyRequest, reply: FastifyReply) => {
        // The access hook has refused a request without a user; a public route has no cap.
        const user = request.user;
        if (!user) return;
        const release = acquire(work, user.id, companyOf(user));
        reply.raw.once("close", release);
      };
    },
    inFlight: (work, userId) => counters[work].users.get(userId) ?? 0,
  };
}
