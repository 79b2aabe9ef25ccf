/**
 * One conversation turn, shared by text chat and voice: store the user's message, check or set
 * the security lock, stream the model's reply, store it. Owns the order of those writes — the
 * user's message is committed before the model is called, so a provider failure loses nothing
 * typed — and what is stored when the reply fails (status "failed") or the client leaves
 * (status "partial").
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Citation } from "../../contracts/knowledge.js";
import type { LanguageCode } from "../../contracts/voice.js";
import { toPersona, type AgentRow } from "../agents/agent-view.js";
import { findAgentOfUser } from "../agents/queries.js";
import type { UserRow } from "../auth/user-view.js";
import type { FeatureDeps } from "../feature-deps.js";
import { HttpError } from "../http/http-error.js";
import { citationsOf } from "../knowledge/citations.js";
import { knowledgeForTurn } from "../knowledge/turn-knowledge.js";
import { LlmProviderError, type ChatTurn, type LlmUsage } from "../providers/llm/llm-provider.js";
import { composeSystemPrompt, selectHistory } from "../providers/llm/system-prompt.js";
import { toSpeakableText } from "../voice/speakable-text.js";
import { admitTurn, releaseAdmission, type Admission, type TurnUsageRecord } from "../usage/queries.js";
import { exhaustedQuota, QuotaExceededError } from "../usage/quota.js";
import { announceQuotaWarning } from "../usage/service.js";
import { injectionRule } from "./lock.js";
import { CONVERSATION_NOT_FOUND, lockedOrMissing, startLockingTurn } from "./locking-turn.js";
import { findConversationOfUser, insertConversation, type ConversationKind, type ConversationRow } from "./queries.js";
import { beginTurn, storeReply } from "./turn-queries.js";
import { defaultMeter, usageOf, type TurnMeter } from "./turn-usage.js";

export interface TurnInput {
  user: UserRow;
  agent: AgentRow;
  conversationId: string;
  message: string;
  language: LanguageCode;
  signal: AbortSignal;
  requestLog?: FastifyBaseLogger;
  /**
   * Takes the finished turn's usage. The default records it at once; a voice turn passes its
   * own, to add the seconds it spoke before recording.
   */
  meter?: TurnMeter;
  /** A voice turn: the model is asked for short spoken answers and the stored reply is its words only. */
  spoken?: boolean;
  /** The reply's id, allocated up front so the client can name it while it streams. */
  assistantMessageId?: string;
  /** A user message of this conversation to delete, with its reply, as this one is stored (see beginTurn). */
  replaces?: string;
  /**
   * Asked when the client leaves mid-reply: whether to keep what was written (status "partial").
   * Text chat keeps it (the user saw it); a voice turn keeps it only once some of it was spoken.
   */
  keepUnfinishedReply?: () => boolean;
}

export type TurnEvent =
  | { type: "delta"; text: string }
  | { type: "done"; response: string; securityLock: boolean; offline: boolean; citations: Citation[] };

export { CONVERSATION_NOT_FOUND };
export const AGENT_NOT_FOUND = "Agent not found";
export const AGENT_INACTIVE = "This agent is inactive. Activate it before chatting with it.";
export type { TurnMeter, TurnUsageRecord };
export const PROVIDER_FAILED = "The language model failed to reply. Your message was saved; please try again.";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The most rows read for history; selectHistory then trims them to LLM_HISTORY_CHARS. */
const HISTORY_ROW_LIMIT = 200;

/** A turn whose user message is stored; `events` streams the rest. */
export interface StartedTurn {
  userMessageId: string;
  events: AsyncGenerator<TurnEvent>;
}

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

export interface TurnRequest extends Omit<TurnInput, "agent" | "conversationId"> {
  agentId: string;
  /** Null opens a new conversation of `kind`, titled `title`. */
  conversationId: string | null;
  /** Required of an existing conversation when given. */
  kind?: ConversationKind;
  title: string;
}

/**
 * Starts a turn from ids, so the text route can answer 404/409/423 as plain HTTP before it
 * commits to an event stream. On the usual path the agent, the conversation and the lock are
 * checked and the message stored in one database statement (see turn-queries.ts).
 */
export async function beginConversationTurn(
  deps: FeatureDeps,
  request: TurnRequest,
): Promise<{ conversationId: string; turn: StartedTurn }> {
  if (!UUID.test(request.agentId)) throw new HttpError(404, AGENT_NOT_FOUND);
  const now = deps.clock.now();
  const rule = injectionRule(request.message);
  if (rule) return beginLockingTurn(deps, request, rule, now);

  const begun = await beginTurn(deps.db, {
    userId: request.user.id,
    agentId: request.agentId,
    conversationId: request.conversationId,
    kind: request.kind,
    title: request.title,
    message: request.message,
    language: request.language,
    now,
    historyLimit: HISTORY_ROW_LIMIT,
    replaces: request.replaces,
  });
  switch (begun.outcome) {
    case "no-agent":
      throw new HttpError(404, AGENT_NOT_FOUND);
    case "inactive-agent":
      throw new HttpError(409, AGENT_INACTIVE);
    case "no-conversation":
      throw new HttpError(404, CONVERSATION_NOT_FOUND);
    case "over-quota":
      throw quotaRefusal(begun.admission, request.kind ?? "text", now);
    case "refused":
      // Admitted on a snapshot that showed it unlocked; the lock won the race, so give it back.
      if (begun.admission?.admitted) await releaseAdmission(deps.db, begun.admission.companyId, now);
      // Locked when the write ran, which the statement's snapshot may not show: read it afresh.
      throw await lockedOrMissing(deps, request.conversationId ?? "", now);
    case "stored": {
      if (begun.admission.warned) await warnOfMessages(deps, begun.admission, request.requestLog);
      const input: TurnInput = { ...request, agent: begun.agent, conversationId: begun.conversationId };
      const events = replyEvents(deps, input, begun.userMessageId, begun.history, begun.started, begun.hasKnowledge);
      return { conversationId: begun.conversationId, turn: { userMessageId: begun.userMessageId, events } };
    }
  }
}

/** The 429 for a turn its company's quotas did not admit. */
function quotaRefusal(admission: Admission, kind: ConversationKind, now: Date): QuotaExceededError {
  // Racing turns can take the last message after this statement's snapshot: then it is the day's messages.
  const quota = exhaustedQuota(admission.quotas, admission.used, kind) ?? "messagesPerDay";
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
  const admission = await admitTurn(deps.db, { userId: request.user.id, now, kind: sql`${kind}` });
  if (admission && !admission.admitted) throw quotaRefusal(admission, kind, now);
  // A new conversation is created in the same transaction as its blocked messages, so a lost
  // connection can never leave an empty conversation behind.
  const newConversation = request.conversationId ? undefined : { id: randomUUID(), kind, title: request.title };
  const conversationId = request.conversationId ?? newConversation!.id;
  const input: TurnInput = { ...request, agent, conversationId };
  let turn: StartedTurn;
  try {
    turn = await startLockingTurn(deps, input, rule, now, newConversation);
  } catch (error) {
    if (admission) await releaseAdmission(deps.db, admission.companyId, now);
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

async function* replyEvents(
  deps: FeatureDeps,
  input: TurnInput,
  userMessageId: string,
  rows: ChatTurn[],
  started: boolean,
  hasKnowledge: boolean,
): AsyncGenerator<TurnEvent> {
  const offline = deps.llm.kind === "offline";
  const meter = input.meter ?? defaultMeter(deps, input.requestLog);
  const startedAt = performance.now();
  const knowledge = hasKnowledge ? await knowledgeForTurn(deps, input, rows) : [];
  // A spoken reply is asked not to say its markers, so it cites nothing.
  const citationsIn = (reply: string) => (input.spoken ? [] : citationsOf(reply, knowledge));
  let firstTokenMs: number | null = null;
  let usage: LlmUsage | null = null;
  /** Stores the reply (a partial one only when it has text and is to be kept) and meters the turn, side by side. */
  const store = async (content: string, status: "complete" | "partial" | "failed") => {
    const totalMs = Math.round(performance.now() - startedAt);
    const kept = status !== "partial" || (content !== "" && (input.keepUnfinishedReply?.() ?? true));
    await Promise.all([
      kept
        ? storeReplyOf(deps, input, userMessageId, {
            content: input.spoken ? toSpeakableText(content) : content,
            status,
            offline,
            citations: citationsIn(content),
          })
        : null,
      meter(usageOf(deps, input, { outcome: status, started, usage, firstTokenMs, totalMs })),
    ]);
  };

  let text = "";
  let outcome: "streaming" | "complete" | "ended" = "streaming";
  try {
    const stream = deps.llm.streamReply({
      systemPrompt: composeSystemPrompt(toPersona(input.agent), { spoken: input.spoken, knowledge }),
      history: selectHistory(rows, deps.config.LLM_HISTORY_CHARS),
      userMessage: input.message,
      language: input.language,
      persona: { name: input.agent.name, role: input.agent.role, speciality: input.agent.speciality },
      knowledge,
      signal: input.signal,
      onUsage: (reported) => {
        usage = reported;
      },
    });
    for await (const delta of stream) {
      firstTokenMs ??= Math.round(performance.now() - startedAt);
      text += delta;
      yield { type: "delta", text: delta };
    }
    outcome = "complete";
  } catch (error) {
    outcome = "ended";
    if (input.signal.aborted) {
      // The client left: keep what it already saw, and let the caller's abort stand.
      await store(text, "partial");
      throw error;
    }
    const reason = error instanceof LlmProviderError ? error.reason : "unexpected";
    input.requestLog?.error(
      { err: error, reason, conversationId: input.conversationId, agentId: input.agent.id, provider: deps.llm.kind },
      "language model reply failed",
    );
    await store(text, "failed");
    throw new HttpError(502, PROVIDER_FAILED);
  } finally {
    // Reached with "streaming" only when the consumer stopped iterating mid-reply (it went away).
    if (outcome === "streaming") await store(text, "partial");
  }

  await store(text, "complete");
  yield {
    type: "done",
    response: input.spoken ? toSpeakableText(text) : text,
    securityLock: false,
    offline,
    citations: citationsIn(text),
  };
}

function storeReplyOf(
  deps: FeatureDeps,
  input: TurnInput,
  userMessageId: string,
  reply: { content: string; status: "complete" | "partial" | "failed"; offline: boolean; citations: Citation[] },
): Promise<boolean> {
  return storeReply(deps.db, {
    conversationId: input.conversationId,
    id: input.assistantMessageId,
    replyTo: userMessageId,
    ...reply,
    language: input.language,
    now: deps.clock.now(),
  });
}

export async function createConversation(
  deps: FeatureDeps,
  user: UserRow,
  agent: AgentRow,
  kind: "text" | "voice",
  title: string,
): Promise<{ id: string }> {
  const now = deps.clock.now();
  return insertConversation(deps.db, {
    userId: user.id,
    agentId: agent.id,
    agentName: agent.name,
    kind,
    title,
    createdAt: now,
    updatedAt: now,
  });
}

/** The caller's own conversation of that kind; 404 otherwise, whether missing or someone else's. */
export async function findOwnConversation(
  deps: FeatureDeps,
  user: UserRow,
  id: string,
  kind: ConversationKind,
): Promise<ConversationRow> {
  // A malformed id names no conversation: 404, not a database error.
  const row = UUID.test(id) ? await findConversationOfUser(deps.db, user.id, id, kind) : null;
  if (!row) throw new HttpError(404, CONVERSATION_NOT_FOUND);
  return row;
}

/** The caller's own agent, ready to talk: 404 when missing or someone else's, 409 when inactive. */
export async function findOwnActiveAgent(deps: FeatureDeps, user: UserRow, agentId: string): Promise<AgentRow> {
  const agent = UUID.test(agentId) ? await findAgentOfUser(deps.db, user.id, agentId) : null;
  if (!agent) throw new HttpError(404, AGENT_NOT_FOUND);
  if (!agent.isActive) throw new HttpError(409, AGENT_INACTIVE);
  return agent;
}
