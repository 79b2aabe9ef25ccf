/**
 * The security lock (spec section 4): a user message that looks like prompt injection locks its
 * conversation for SECURITY_LOCK_MINUTES. This module owns the rule's arithmetic, the 423
 * answer, and what is recorded and announced when a lock is set.
 */
import { errorBody } from "../../../contracts/errors.js";
import { SECURITY_LOCK_MINUTES } from "../../../contracts/limits.js";
import type { AgentRow } from "../../agents/agent-view.js";
import { companyKey, type UserRow } from "../../auth/user-view.js";
import type { Db } from "../../db/connect.js";
import { HttpError } from "../../http/http-error.js";
import type { EventBus } from "../../realtime/event-bus.js";
import { detectInjection } from "./injection.js";
import { insertCompanyWarning } from "../queries.js";

const MINUTE_MS = 60_000;

/** The rule id when the message should lock the conversation, null when it is fine. */
export function injectionRule(message: string): string | null {
  const verdict = detectInjection(message);
  return verdict.detected ? (verdict.rule ?? "unknown") : null;
}

export function lockEndsAt(now: Date): Date {
  return new Date(now.getTime() + SECURITY_LOCK_MINUTES * MINUTE_MS);
}

/** Whole minutes left, rounded up, so "1 minute" is shown until the lock really ends. */
export function minutesLeft(lockedUntil: Date, now: Date): number {
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / MINUTE_MS));
}

/** 423 Locked with `{ code, message, minutesLeft }` in the body and Retry-After in seconds. */
export class ConversationLockedError extends HttpError {
  readonly minutesLeft: number;

  constructor(lockedUntil: Date, now: Date) {
    const minutes = minutesLeft(lockedUntil, now);
    const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
    super(423, errorBody("CONVERSATION_LOCKED", { minutesLeft: minutes }), { "retry-after": String(seconds) });
    this.minutesLeft = minutes;
  }
}

/** The company warning row, written in the same transaction as the lock itself. */
export async function recordCompanyWarning(
  db: Db,
  params: { user: UserRow; agent: AgentRow; conversationId: string; rule: string; now: Date },
): Promise<void> {
  await insertCompanyWarning(db, {
    companyKey: companyKey(params.user.companyName),
    userId: params.user.id,
    conversationId: params.conversationId,
    agentName: params.agent.name,
    rule: params.rule,
    createdAt: params.now,
  });
}

/** Tells live admins; after commit, so no admin hears of a lock that was rolled back. */
export async function announceLock(bus: EventBus, user: UserRow, agent: AgentRow): Promise<void> {
  await bus.publish({
    type: "critical_error",
    message: `Security lock: possible prompt injection in a conversation with ${agent.name} (${user.email})`,
  });
}
