/**
 * One conversation turn, shared by text chat and voice, read top to bottom:
 *
 * 1. authorise — the agent id is well formed; a message that trips the security lock takes the
 *    locking path instead (locking-turn.ts);
 * 2. read the context and write the message, side by side — one read (turn-context-query.ts)
 *    and one write (turn-queries.ts beginTurn), each a single statement;
 * 3. start the model as soon as the read says the turn can be stored (turn-reply.ts
 *    startReply), so the database's work overlaps the model's first-byte time;
 * 4. once the write has committed the message, stream the reply and store it
 *    (turn-reply.ts replyEvents). A write that refuses withdraws the reply unread.
 *
 * So no token reaches the client before the user's message is committed, and a provider
 * failure loses nothing typed.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { FeatureDeps } from "../feature-deps.js";
import { HttpError } from "../http/http-error.js";
import { admitTurn, releaseAdmission, type Admission, type TurnUsageRecord } from "../usage/queries.js";
import { exhaustedQuota, nearestQuota, QuotaExceededError } from "../usage/quota.js";
import { announceQuotaWarning } from "../usage/service.js";
import { turnReservation } from "../usage/turn-reservation.js";
import { injectionRule } from "./security-lock/lock.js";
import { lockedOrMissing, startLockingTurn } from "./locking-turn.js";
import { AGENT_INACTIVE, AGENT_NOT_FOUND, CONVERSATION_NOT_FOUND, findOwnActiveAgent, isUuid } from "./own-records.js";
import { findConversationOfUser, type ConversationKind } from "./queries.js";
import { readTurnContext } from "./turn-context-query.js";
import { beginTurn } from "./turn-queries.js";
import { replyEvents, startReply, type StartedReply } from "./turn-reply.js";
import { defaultMeter, usageOf, type TurnMeter } from "./turn-usage.js";
import type { StartedTurn, TurnEvent, TurnInput, TurnRequest } from "./turn-types.js";

export type { StartedTurn, TurnEvent, TurnInput, TurnRequest };
export type { TurnMeter, TurnUsageRecord };

/** The most rows read for history; selectHistory then trims them to LLM_HISTORY_CHARS. */
const HISTORY_ROW_LIMIT = 200;

/** Stores the user message (with language), checks/sets the lock, streams the reply, stores it. Throws HttpError(423) when locked, HttpError(502) after storing on provider failure. */
export async function* runConversationTurn(deps: FeatureDeps, input: TurnInput): AsyncGenerator<TurnEvent> {
  const started = await startTurn(deps, input);
  yield* started.events;
}

/** The first half of runConversationTurn: resolves once the user's message is committed. */
export async function startTurn(deps: FeatureDeps, input: TurnInput): Promise<StartedTurn> {
  const { turn } = await beginConversationTurn(deps, { ...input, agentId: input.agent.id, title: "" });
  return turn;
}

/**
 * Starts a turn from ids, so the text route can answer 404/409/423/429 as plain HTTP before it
 * commits to an event stream. Resolves once the user's message is committed, with the model's
 * request already under way.
 */
export async function beginConversationTurn(
  deps: FeatureDeps,
  request: TurnRequest,
): Promise<{ conversationId: string; turn: StartedTurn }> {
  // 1. Authorise.
  if (!isUuid(request.agentId)) throw new HttpError(404, AGENT_NOT_FOUND);
  const now = deps.clock.now();
  const rule = injectionRule(request.message);
  if (rule) return beginLockingTurn(deps, request, rule, now);

  // 2. Read the context and write the message, side by side.
  const messageId = randomUUID();
  const ids = { userId: request.user.id, agentId: request.agentId, conversationId: request.conversationId };
  const written = beginTurn(deps.db, {
    ...ids,
    kind: request.kind,
    title: request.title,
    messageId,
    message: request.message,
    language: request.language,
    now,
    replaces: request.replaces,
    reserve: turnReservation(deps.config, request.message, request.heardSeconds),
  });
  const contextRead = {
    ...ids,
    kind: request.kind,
    messageId,
    replaces: request.replaces,
    now,
    historyLimit: HISTORY_ROW_LIMIT,
  };
  // 3. Start the model as soon as the read says the write will store the message.
  const replying = readTurnContext(deps.db, contextRead).then((context) =>
    context.storable && context.agent ? startReply(deps, { ...request, agent: context.agent }, context) : null,
  );
  const [begun, early] = await Promise.allSettled([written, replying]);
  const withdraw = () => {
    if (early.status === "fulfilled") early.value?.cancel();
  };
  if (begun.status === "rejected") {
    withdraw();
    throw begun.reason;
  }
  const outcome = begun.value;
  if (outcome.outcome !== "stored") withdraw();
  switch (outcome.outcome) {
    case "no-agent":
      throw new HttpError(404, AGENT_NOT_FOUND);
    case "inactive-agent":
      throw new HttpError(409, AGENT_INACTIVE);
    case "no-conversation":
      throw new HttpError(404, CONVERSATION_NOT_FOUND);
    case "over-quota":
      throw quotaRefusal(outcome.admission, request.kind ?? "text", now);
    case "refused":
      // Admitted on a snapshot that showed it unlocked; the lock won the race, so give it back.
      if (outcome.admission?.admitted) {
        await releaseAdmission(deps.db, outcome.admission.companyId, outcome.admission.reserved);
      }
      // Locked when the write ran, which the statement's snapshot may not show: read it afresh.
      throw await lockedOrMissing(deps, request.conversationId ?? "", now);
    case "stored":
      break;
  }

  // 4. The message is committed: the reply may be relayed.
  if (outcome.admission.warned) await warnOfMessages(deps, outcome.admission, request.requestLog);
  const input: TurnInput = {
    ...request,
    agent: outcome.agent,
    conversationId: outcome.conversationId,
    reserved: outcome.admission.reserved,
  };
  let reply: StartedReply | null = early.status === "fulfilled" ? early.value : null;
  // The read said no and the write stored all the same (the agent was activated or a lock ran
  // out in between), or the read failed: ask the model now, after the write, from a fresh read.
  reply ??= await startReply(deps, input, await readTurnContext(deps.db, contextRead));
  const events = replyEvents(deps, input, outcome.userMessageId, outcome.started, reply);
  return { conversationId: outcome.conversationId, turn: { userMessageId: outcome.userMessageId, events } };
}

/** The 429 for a turn its company's quotas did not admit. */
function quotaRefusal(admission: Admission, kind: ConversationKind, now: Date): QuotaExceededError {
  // Racing turns can take the last message or reserve the last tokens after this statement's
  // snapshot: then it is the set quota nearest its limit (the day's messages unless another is set).
  const quota =
    exhaustedQuota(admission.quotas, admission.used, kind) ?? nearestQuota(admission.quotas, admission.used, kind);
  return new QuotaExceededError(quota, admission.quotas[quota] ?? 0, now);
}

async function warnOfMessages(deps: FeatureDeps, admission: Admission, log?: FastifyBaseLogger): Promise<void> {
  await announceQuotaWarning(
    deps.bus,
    {
      companyId: admission.companyId,
      companyName: admission.companyName,
      quota: "messagesPerDay",
      used: admission.used.messagesToday,
      limit: admission.quotas.messagesPerDay ?? 0,
    },
    log,
  );
}

async function beginLockingTurn(
  deps: FeatureDeps,
  request: TurnRequest,
  rule: string,
  now: Date,
): Promise<{ conversationId: string; turn: StartedTurn }> {
  const agent = await findOwnActiveAgent(deps, request.user, request.agentId);
  let kind = request.kind ?? "text";
  if (request.conversationId) {
    const conversation = await findConversationOfUser(deps.db, request.user.id, request.conversationId, request.kind);
    if (!conversation || conversation.agentId !== agent.id) throw new HttpError(404, CONVERSATION_NOT_FOUND);
    kind = conversation.kind;
  }
  // Admitted before anything is written, so a refused turn stores nothing; given back if the turn fails.
  const admission = await admitTurn(deps.db, {
    userId: request.user.id,
    now,
    kind: sql`${kind}`,
    reserve: turnReservation(deps.config, request.message, request.heardSeconds),
  });
  if (admission && !admission.admitted) throw quotaRefusal(admission, kind, now);
  // A new conversation is created in the same transaction as its blocked messages, so a lost
  // connection can never leave an empty conversation behind.
  const newConversation = request.conversationId ? undefined : { id: randomUUID(), kind, title: request.title };
  const conversationId = request.conversationId ?? newConversation!.id;
  const input: TurnInput = { ...request, agent, conversationId, reserved: admission?.reserved ?? null };
  let turn: StartedTurn;
  try {
    turn = await startLockingTurn(deps, input, rule, now, newConversation);
  } catch (error) {
    if (admission) await releaseAdmission(deps.db, admission.companyId, admission.reserved);
    throw error;
  }
  const blocked = {
    outcome: "blocked" as const,
    started: !request.conversationId,
    usage: null,
    firstTokenMs: null,
    totalMs: 0,
  };
  await (request.meter ?? defaultMeter(deps, request.requestLog))(usageOf(deps, input, blocked));
  return { conversationId, turn };
}
