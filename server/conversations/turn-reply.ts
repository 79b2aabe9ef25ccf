/**
 * The second half of a turn: the model's reply, from the request that asks for it to the
 * statement that stores it. `startReply` sends the request as soon as the turn's context is read
 * — beside the write of the user's message, not after it (turn.ts) — and holds whatever arrives;
 * `replyEvents` relays it once the turn owns a stored message, then stores the reply once, at
 * the end: "complete", "failed" with what came before the failure, or "partial" when the client
 * left (kept only if it has text and the caller wants it).
 */
import type { Citation } from "../../contracts/knowledge.js";
import { toPersona } from "../agents/agent-view.js";
import { isDatabaseUnavailable } from "../db/connect.js";
import type { FeatureDeps } from "../feature-deps.js";
import { apiError } from "../http/http-error.js";
import { citationsOf } from "../knowledge/citations.js";
import { knowledgeForTurn } from "../knowledge/turn-knowledge.js";
import {
  LlmProviderError,
  type ChatTurn,
  type KnowledgePassage,
  type LlmReplyRequest,
  type LlmUsage,
  type ModelToolCall,
} from "../providers/llm/llm-provider.js";
import type { AgentToolbox } from "../tools/toolbox.js";
import {
  offeredToModel,
  replyWithToolSteps,
  toolboxForTurn,
  type ReplyPiece,
  type ToolTally,
  type ToolTurn,
} from "./tool-loop.js";
import { composeSystemPrompt, selectHistory } from "../providers/llm/system-prompt.js";
import type { TurnUsageRecord } from "../usage/queries.js";
import { announceQuotaWarning } from "../usage/service.js";
import { toSpeakableText } from "./speakable-text.js";
import type { TurnEvent, TurnInput } from "./turn-types.js";
import { storeReply, storeReplyWithUsage, type ReplyToStore } from "./reply-queries.js";
import { defaultMeter, usageOf } from "./turn-usage.js";

/** A reply whose request has left; nothing of it is relayed until `replyEvents` runs. */
export interface StartedReply {
  knowledge: KnowledgePassage[];
  /** The model's first piece (or its end, or its failure), already on its way. */
  first: Promise<IteratorResult<string>>;
  rest: AsyncIterator<string>;
  startedAt: number;
  usage: () => LlmUsage | null;
  /** Withdraws the request: the turn's write refused it. */
  cancel: () => void;
  /** The agent's tools offered to the model (tool-loop.ts); null when it has none. */
  toolbox: AgentToolbox | null;
  request: LlmReplyRequest;
  takeToolCalls: () => ModelToolCall[];
}

/** Retrieves the turn's knowledge and loads its tools, where the agent has any, then asks the model. Never throws on a provider failure: that surfaces from `first`. */
export async function startReply(
  deps: FeatureDeps,
  input: Pick<TurnInput, "agent" | "message" | "language" | "signal" | "spoken" | "requestLog" | "toolIdsAllowed">,
  context: { history: ChatTurn[]; hasKnowledge: boolean; hasTools: boolean },
): Promise<StartedReply> {
  const startedAt = performance.now();
  const withdrawn = new AbortController();
  const signal = AbortSignal.any([input.signal, withdrawn.signal]);
  const [knowledge, toolbox] = await Promise.all([
    context.hasKnowledge ? knowledgeForTurn(deps, { ...input, signal }, context.history) : [],
    context.hasTools ? toolboxForTurn(deps, input.agent.id, input.requestLog, input.toolIdsAllowed) : null,
  ]);
  let usage: LlmUsage | null = null;
  let toolCalls: ModelToolCall[] = [];
  const request: LlmReplyRequest = {
    systemPrompt: composeSystemPrompt(toPersona(input.agent), { spoken: input.spoken, knowledge }),
    history: selectHistory(context.history, deps.config.LLM_HISTORY_CHARS),
    userMessage: input.message,
    language: input.language,
    persona: { name: input.agent.name, role: input.agent.role, speciality: input.agent.speciality },
    knowledge,
    signal,
    // A reply with tool steps asks the model more than once: its usage is the sum.
    onUsage: (reported) => {
      usage = usage ? sumUsage(usage, reported) : reported;
    },
    ...offeredToModel(toolbox),
    onToolCalls: (calls) => {
      toolCalls = calls;
    },
  };
  const stream = deps.llm.streamReply(request);
  const rest = stream[Symbol.asyncIterator]();
  // Asked now, so the request leaves now; read later (a refused turn never reads it).
  const first = rest.next();
  first.catch(() => undefined);
  return {
    knowledge,
    first,
    rest,
    startedAt,
    usage: () => usage,
    toolbox,
    request,
    takeToolCalls: () => {
      const taken = toolCalls;
      toolCalls = [];
      return taken;
    },
    cancel: () => {
      withdrawn.abort(new Error("The reply was withdrawn"));
      // Runs the provider stream's own clean-up (its watchdog) when it is paused at a piece.
      rest.return?.().catch(() => undefined);
    },
  };
}

/** Relays the started reply and stores it once it ends. Throws HttpError(502) after storing a failed one. */
export async function* replyEvents(
  deps: FeatureDeps,
  input: TurnInput,
  userMessageId: string,
  started: boolean,
  reply: StartedReply,
): AsyncGenerator<TurnEvent> {
  const offline = deps.llm.kind === "offline";
  // A spoken reply is asked not to say its markers, so it cites nothing.
  const citationsIn = (text: string) => (input.spoken ? [] : citationsOf(text, reply.knowledge));
  let firstTokenMs: number | null = null;
  const tally: ToolTally = { ran: 0 };
  /**
   * Stores the reply (a partial one only when it has text and is to be kept) and meters the
   * turn: in one statement for a text turn, side by side when the caller meters it itself (a
   * voice turn adds its seconds first) or nothing is kept.
   */
  const store = async (content: string, status: "complete" | "partial" | "failed") => {
    const totalMs = Math.round(performance.now() - reply.startedAt);
    const kept = status !== "partial" || (content !== "" && (input.keepUnfinishedReply?.() ?? true));
    const usage = usageOf(deps, input, {
      outcome: status,
      started,
      usage: reply.usage(),
      firstTokenMs,
      totalMs,
      toolCalls: tally.ran,
    });
    const toStore = replyToStore(deps, input, userMessageId, {
      content: input.spoken ? toSpeakableText(content) : content,
      status,
      offline,
      citations: citationsIn(content),
    });
    if (kept && !input.meter) return storeMeteredReply(deps, input, toStore, usage);
    const meter = input.meter ?? defaultMeter(deps, input.requestLog);
    await Promise.all([kept ? storeReply(deps.db, toStore) : null, meter(usage)]);
  };

  let text = "";
  let outcome: "streaming" | "complete" | "ended" = "streaming";
  // With tools the reply may take steps (tool-loop.ts); without, it is the model's one answer.
  const pieces: { first: Promise<IteratorResult<ReplyPiece>>; rest: AsyncIterator<ReplyPiece> } = reply.toolbox
    ? startToolSteps(deps, { input, userMessageId, tally }, reply, reply.toolbox)
    : reply;
  try {
    for (let piece = await pieces.first; !piece.done; piece = await pieces.rest.next()) {
      if (typeof piece.value !== "string") {
        yield piece.value;
        continue;
      }
      firstTokenMs ??= Math.round(performance.now() - reply.startedAt);
      text += piece.value;
      yield { type: "delta", text: piece.value };
    }
    outcome = "complete";
  } catch (error) {
    outcome = "ended";
    if (input.signal.aborted) {
      // The client left: keep what it already saw, and let the caller's abort stand.
      await store(text, "partial");
      throw error;
    }
    if (input.stop?.aborted) {
      // A person took the conversation over: stopped as a Stop stops it, told to the client as the end.
      await store(text, "partial");
      return yield* finishedEarly(input, text, offline);
    }
    const reason = error instanceof LlmProviderError ? error.reason : "unexpected";
    input.requestLog?.error(
      { err: error, reason, conversationId: input.conversationId, agentId: input.agent.id, provider: deps.llm.kind },
      "language model reply failed",
    );
    await store(text, "failed");
    throw apiError("REPLY_FAILED");
  } finally {
    // Reached with "streaming" only when the consumer stopped iterating mid-reply (it went away):
    // the model's request is withdrawn and what was relayed is kept.
    if (outcome === "streaming") {
      reply.cancel();
      if (pieces !== reply) await pieces.rest.return?.().catch(() => undefined);
      await store(text, "partial");
    }
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

/** The `done` of a reply a person stopped by taking over: what was said, nothing cited. */
async function* finishedEarly(input: TurnInput, text: string, offline: boolean): AsyncGenerator<TurnEvent> {
  yield {
    type: "done",
    response: input.spoken ? toSpeakableText(text) : text,
    securityLock: false,
    offline,
    citations: [],
  };
}

function startToolSteps(
  deps: FeatureDeps,
  turn: ToolTurn,
  reply: StartedReply,
  toolbox: AgentToolbox,
): { first: Promise<IteratorResult<ReplyPiece>>; rest: AsyncIterator<ReplyPiece> } {
  const steps = replyWithToolSteps(deps, turn, { ...reply, toolbox });
  return { first: steps.next(), rest: steps };
}

function sumUsage(a: LlmUsage, b: LlmUsage): LlmUsage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    estimated: a.estimated || b.estimated,
  };
}

function replyToStore(
  deps: FeatureDeps,
  input: TurnInput,
  userMessageId: string,
  reply: { content: string; status: "complete" | "partial" | "failed"; offline: boolean; citations: Citation[] },
): ReplyToStore {
  return {
    conversationId: input.conversationId,
    id: input.assistantMessageId,
    replyTo: userMessageId,
    ...reply,
    language: input.language,
    now: deps.clock.now(),
  };
}

/**
 * The reply and its usage in one statement. Metering is bookkeeping and never fails a reply: if
 * the joint statement fails for any reason but the database being away, the reply is stored
 * alone and the usage recorded apart (which logs its own failure).
 */
async function storeMeteredReply(
  deps: FeatureDeps,
  input: TurnInput,
  reply: ReplyToStore,
  usage: TurnUsageRecord,
): Promise<void> {
  let warnings;
  try {
    ({ warnings } = await storeReplyWithUsage(deps.db, reply, usage));
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    input.requestLog?.error({ err: error }, "could not store the reply with its usage; storing them apart");
    await Promise.all([storeReply(deps.db, reply), defaultMeter(deps, input.requestLog)(usage)]);
    return;
  }
  for (const warning of warnings) await announceQuotaWarning(deps.bus, warning, input.requestLog);
}
