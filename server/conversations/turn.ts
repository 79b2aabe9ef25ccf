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
import { apiError } from "../http/http-error.js";
import { admitTurn, releaseAdmission, type Admission, type TurnUsageRecord } from "../usage/queries.js";
import { exhaustedQuota, nearestQuota, QuotaExceededError } from "../usage/quota.js";
import { announceQuotaWarning } from "../usage/service.js";
import { turnReservation } from "../usage/turn-reservation.js";
import { injectionRule } from "./security-lock/lock.js";
import { lockedOrMissing, startLockingTurn } from "./locking-turn.js";
import { isUuid } from "../http/ids.js";
import { findOwnActiveAgent } from "./own-records.js";
import type { TurnPlacement } from "./message-tree-sql.js";
import { findConversationOfUser, type ConversationKind } from "./queries.js";
import { readTurnContext, type TurnContext } from "./turn-context-query.js";
import { beginTurn } from "./turn-queries.js";
import { noteActive } from "./human-hold/active-conversations.js";
import { humanTurn } from "./human-hold/human-turn.js";
import { stopOnTakeover, type TakeoverStop } from "./human-hold/takeover-stop.js";
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
  if (!isUuid(request.agentId)) throw apiError("AGENT_NOT_FOUND");
  const now = deps.clock.now();
  const rule = injectionRule(request.message) ?? firstInjection(request.history);
  if (rule) return beginLockingTurn(deps, request, rule, now);
  // A person holds the conversation, or the user asks for one: the model is not asked (issue 26).
  const human = await humanTurn(deps, request, now);
  if (human) return human;

  // A person taking the conversation over stops the reply where it is (issue 26).
  const takeover = stopOnTakeover(deps.bus, request.conversationId);
  try {
    return await beginModelTurn(deps, request, now, takeover);
  } catch (error) {
    takeover.end();
    throw error;
  }
}

async function beginModelTurn(
  deps: FeatureDeps,
  request: TurnRequest,
  now: Date,
  takeover: TakeoverStop,
): Promise<{ conversationId: string; turn: StartedTurn }> {
  const modelRequest = { ...request, signal: AbortSignal.any([request.signal, takeover.signal]) };
  // 2. Read the context and write the message, side by side.
  const messageId = randomUUID();
  const placement = placementOf(request);
  const ids = { userId: request.user.id, agentId: request.agentId, conversationId: request.conversationId };
  const written = beginTurn(deps.db, {
    ...ids,
    kind: request.kind,
    title: request.title,
    messageId,
    message: request.message,
    language: request.language,
    now,
    placement,
    reserve: turnReservation(deps.config, request.message, request.heardSeconds),
  });
  const contextRead = {
    ...ids,
    kind: request.kind,
    messageId,
    placement,
    now,
    historyLimit: HISTORY_ROW_LIMIT,
  };
  // 3. Start the model as soon as the read says the write will store the message.
  const replying = readTurnContext(deps.db, contextRead).then((context) =>
    context.storable && context.agent
      ? startReply(deps, { ...modelRequest, agent: context.agent }, withClientHistory(context, request))
      : null,
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
      throw apiError("AGENT_NOT_FOUND");
    case "inactive-agent":
      throw apiError("AGENT_INACTIVE");
    case "no-conversation":
      throw apiError("CONVERSATION_NOT_FOUND");
    case "no-message":
      throw apiError("MESSAGE_NOT_FOUND");
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

  // 4. The message is committed: the reply may be relayed, and the live view may read it
  // (a new conversation included, which has no id before this point).
  noteActive(deps, outcome.conversationId, now);
  takeover.watch(outcome.conversationId);
  if (outcome.admission.warned) await warnOfMessages(deps, outcome.admission, request.requestLog);
  const input: TurnInput = {
    ...request,
    agent: outcome.agent,
    conversationId: outcome.conversationId,
    reserved: outcome.admission.reserved,
    stop: takeover.signal,
  };
  let reply: StartedReply | null = early.status === "fulfilled" ? early.value : null;
  // The read said no and the write stored all the same (the agent was activated or a lock ran
  // out in between), or the read failed: ask the model now, after the write, from a fresh read.
  reply ??= await startReply(
    deps,
    { ...input, signal: modelRequest.signal },
    withClientHistory(await readTurnContext(deps.db, contextRead), request),
  );
  const events = endingWith(replyEvents(deps, input, outcome.userMessageId, outcome.started, reply), takeover.end);
  return { conversationId: outcome.conversationId, turn: { userMessageId: outcome.userMessageId, events } };
}

/** Relays `events`, then runs `end` however they stop (finished, failed, or the consumer left). */
async function* endingWith<T>(events: AsyncGenerator<T>, end: () => void): AsyncGenerator<T> {
  try {
    yield* events;
  } finally {
    end();
  }
}

/** The history the client sent, when its channel keeps the conversation itself; else the stored one. */
function withClientHistory(context: TurnContext, request: TurnRequest): TurnContext {
  return request.history ? { ...context, history: [...request.history] } : context;
}

/** The security lock's rule tripped by the first of the client's earlier user turns, if any. */
function firstInjection(history: TurnRequest["history"]): string | null {
  for (const turn of history ?? []) {
    const rule = turn.role === "user" ? injectionRule(turn.content) : null;
    if (rule) return rule;
  }
  return null;
}

/** Where the turn's message goes in the conversation's tree (message-tree-sql.ts). */
function placementOf(request: TurnRequest): TurnPlacement {
  if (request.replaces) return { kind: "replace", of: request.replaces };
  if (request.branch) return request.branch;
  return { kind: "append" };
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
    if (!conversation || conversation.agentId !== agent.id) throw apiError("CONVERSATION_NOT_FOUND");
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
