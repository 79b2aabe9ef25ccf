/**
 * The OpenAI-compatible API's rules (issue 25, decision 108): a bearer API key names one
 * agent; `model` must be that agent's published slug; each request is one turn of the shared
 * conversation engine on a conversation of its own (channel "api"), run as the agent's owner
 * like a guest's turn, so the company's quotas, usage records, the security lock and the
 * guests' tool rules apply unchanged. The key's turns are limited per hour like an address's.
 */
import type { FastifyBaseLogger } from "fastify";
import { GUEST_ADDRESS_MULTIPLIER, GUEST_CHANNEL_LABEL } from "../../../contracts/publishing.js";
import type { ChatCompletionRequest, ModelList } from "../../../contracts/openai-compatible.js";
import { DEFAULT_LANGUAGE } from "../../../contracts/voice.js";
import { hashApiKey, looksLikeApiKey } from "../api-keys/key-material.js";
import type { UserRow } from "../../auth/user-view.js";
import { beginConversationTurn, type StartedTurn, type TurnUsageRecord } from "../../conversations/turn.js";
import { defaultMeter } from "../../conversations/turn-usage.js";
import type { FeatureDeps } from "../../feature-deps.js";
import { apiError, retryLater } from "../../http/http-error.js";
import type { Published } from "../guest-service.js";
import { completionTurns } from "./completion-messages.js";
import { findKeyHolder, recordApiTurn, touchApiKey, type KeyHolder } from "./queries.js";

const HOUR_MS = 60 * 60 * 1000;
/** The last-used time is exact to the minute: one write a minute per key, not one per request. */
const LAST_USED_PRECISION_MS = 60 * 1000;

/** The key a request's `Authorization: Bearer <key>` names, with what it reaches; 401 otherwise. */
export async function keyHolderOf(
  deps: FeatureDeps,
  authorization: string | undefined,
  log?: FastifyBaseLogger,
): Promise<KeyHolder> {
  const match = /^Bearer\s+(\S{1,200})$/i.exec(authorization ?? "");
  if (!match || !looksLikeApiKey(match[1])) throw apiError("INVALID_API_KEY");
  const now = deps.clock.now();
  const holder = await findKeyHolder(deps.db, hashApiKey(match[1]), new Date(now.getTime() - HOUR_MS));
  if (!holder) throw apiError("INVALID_API_KEY");
  noteKeyUse(deps, holder.key.id, log);
  return holder;
}

/** Per database: when this instance last wrote each key's last-used time (epoch ms). */
const lastWrittenUse = new WeakMap<FeatureDeps["db"], Map<string, number>>();
const REMEMBERED_KEYS_MAX = 10_000;

/**
 * Records the key's use off the request's path (issue 25: /v1 must add ≤ 2 ms to the first
 * token; this write was a round trip of its own on every request). Within the minute's
 * precision the instance skips even the statement; the statement itself skips the write when
 * another instance made it.
 */
function noteKeyUse(deps: FeatureDeps, keyId: string, log?: FastifyBaseLogger): void {
  const now = deps.clock.now();
  let written = lastWrittenUse.get(deps.db);
  if (!written) lastWrittenUse.set(deps.db, (written = new Map()));
  const last = written.get(keyId);
  if (last !== undefined && now.getTime() - last < LAST_USED_PRECISION_MS) return;
  if (written.size >= REMEMBERED_KEYS_MAX) written.clear();
  written.set(keyId, now.getTime());
  touchApiKey(deps.db, keyId, now, LAST_USED_PRECISION_MS).catch((error: unknown) => {
    written.delete(keyId);
    log?.warn({ err: error }, "could not record an API key's last use");
  });
}

interface Reachable {
  published: Published;
  owner: UserRow;
}

/** The key's agent while it is published, active and its owner may still sign in. */
function reachableOf(holder: KeyHolder): Reachable | null {
  const { publishing, owner, agent } = holder;
  if (!publishing || !owner || !agent.isActive) return null;
  return { published: { publishing, agent }, owner };
}

/** The models the key may call: its agent, by slug, while published. */
export function listModels(holder: KeyHolder): ModelList {
  const reachable = reachableOf(holder);
  const data = reachable
    ? [
        {
          id: reachable.published.publishing.slug,
          object: "model" as const,
          created: Math.floor(reachable.published.agent.createdAt.getTime() / 1000),
          owned_by: "agentdesk",
        },
      ]
    : [];
  return { object: "list", data };
}

export interface BegunCompletion {
  model: string;
  conversationId: string;
  turn: StartedTurn;
  /** The turn's usage, once it has ended (the meter saw it). */
  usage: () => TurnUsageRecord | null;
}

/**
 * Refuses the turn once the key sent its hourly allowance (the publishing's per-address one),
 * counted by the read that found the key: the admission costs no statement of its own.
 */
function admitKeyTurn(deps: FeatureDeps, holder: KeyHolder, reachable: Reachable): void {
  const limit = reachable.published.publishing.guestMessagesPerHour * GUEST_ADDRESS_MULTIPLIER;
  if (holder.recentTurns.count < limit) return;
  const now = deps.clock.now().getTime();
  const waitSeconds = Math.ceil(((holder.recentTurns.oldestMs ?? now) + HOUR_MS - now) / 1000);
  throw retryLater(waitSeconds, "GUEST_RATE_LIMITED", { retryAfterSeconds: Math.max(1, waitSeconds) });
}

/** Checks the request and starts its turn; resolves once the user's message is stored. */
export async function beginCompletion(
  deps: FeatureDeps,
  holder: KeyHolder,
  body: ChatCompletionRequest,
  context: { address: string; signal: AbortSignal; log: FastifyBaseLogger },
): Promise<BegunCompletion> {
  const reachable = reachableOf(holder);
  if (!reachable || reachable.published.publishing.slug !== body.model.toLowerCase()) {
    throw apiError("MODEL_NOT_FOUND", { model: body.model.slice(0, 100) });
  }
  const { history, message } = completionTurns(body.messages);
  admitKeyTurn(deps, holder, reachable);
  let usage: TurnUsageRecord | null = null;
  const meter = defaultMeter(deps, context.log);
  const beginning = beginConversationTurn(deps, {
    user: reachable.owner,
    agentId: reachable.published.agent.id,
    conversationId: null,
    kind: "text",
    title: `${GUEST_CHANNEL_LABEL.api} · ${holder.key.name}`.slice(0, 120),
    message,
    history,
    language: DEFAULT_LANGUAGE,
    signal: context.signal,
    requestLog: context.log,
    toolIdsAllowed: reachable.published.publishing.guestToolIds,
    meter: async (record) => {
      usage = record;
      await meter(record);
    },
  });
  // The turn's record is written once the turn's own statements have run, not before them: its
  // commit would wait for a disk flush on the way to the first token, and on PGlite's one
  // connection it would queue ahead of the turn's read. The model's first byte is still to come.
  const recorded = beginning.finally(() =>
    recordApiTurn(deps.db, {
      keyId: holder.key.id,
      agentId: reachable.published.agent.id,
      now: deps.clock.now(),
      address: context.address,
    }),
  );
  const [turn, record] = await Promise.allSettled([beginning, recorded]);
  if (turn.status === "rejected") throw turn.reason;
  // The turn is under way and its message stored: a record that failed costs the allowance one count, not the answer.
  if (record.status === "rejected") context.log.error({ err: record.reason }, "could not record an API turn");
  return { model: reachable.published.publishing.slug, ...turn.value, usage: () => usage };
}
