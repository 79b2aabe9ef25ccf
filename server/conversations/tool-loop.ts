/**
 * The turn's tool steps (issue 24): when the model's reply ends by asking for tool calls, the
 * calls run (side by side when it asked for several at once), their results go back to the model
 * as `tool` messages, and the model is asked again, until it answers in words, the policy's calls
 * per turn are spent, or the turn's tool time is up (then it is asked to answer with what it has).
 *
 * Each call is recorded (tool_calls) and told to the client as `tool_call` and `tool_result`
 * events; a tool whose approval is "ask" waits for the person (tool-approvals.ts). What a call
 * gives back is checked by the injection detector: a flagged result is withheld from the model
 * and shown to the person instead. Nothing runs before the turn's message is committed: the steps
 * start only when replyEvents relays the reply.
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { FeatureDeps } from "../feature-deps.js";
import type { LlmReplyRequest, ModelToolCall, ModelToolStep } from "../providers/llm/llm-provider.js";
import { loadAgentToolbox } from "../tools/agent-toolbox.js";
import { awaitToolCallDecision } from "../tools/tool-approvals.js";
import {
  countCompanyToolCallsSince,
  finishToolCall,
  insertToolCalls,
  type NewToolCallRow,
  type ToolCallOutcome,
} from "../tools/tool-call-queries.js";
import { oneLine } from "../tools/tool-results.js";
import type { AgentToolbox, ToolCallResult } from "../tools/toolbox.js";
import { requestHandoff } from "./human-hold/announce.js";
import { injectionRule } from "./security-lock/lock.js";
import { createEventChannel } from "./event-channel.js";
import type { ToolStepEvent, TurnInput } from "./turn-types.js";

/** The time a turn may spend on tools and the model's answers to them before it must answer in words. */
export const TOOL_TURN_BUDGET_MS = 120_000;
/** How long a call waits for a person's approval before it is given up (the model is told). */
export const APPROVAL_WAIT_MS = 5 * 60_000;
/** The result summary of a voice call's approval nobody answered (or the call ended first): it counts as denied. */
export const NOT_ANSWERED_SUMMARY = "Denied: not answered in time";
/** The arguments kept in the record: enough to read, never a model's runaway text. */
const RECORDED_ARGUMENTS_MAX = 4_000;

export type ReplyPiece = string | ToolStepEvent;

/**
 * The agent's toolbox for a turn, or null when it has no tools or no model calls them (offline).
 * A voice call is offered every tool: one that asks is asked about aloud (decision 149).
 */
export async function toolboxForTurn(
  deps: FeatureDeps,
  agentId: string,
  log?: FastifyBaseLogger,
  toolIdsAllowed?: readonly string[],
): Promise<AgentToolbox | null> {
  if (deps.llm.kind === "offline") return null;
  if (toolIdsAllowed?.length === 0) return null;
  try {
    const toolboxDeps = { ...deps, requestHandoff: (conversationId: string) => requestHandoff(deps, conversationId) };
    const loaded = await loadAgentToolbox(toolboxDeps, { id: agentId }, deps.toolOptions ?? {});
    // A guest channel: only the tools the publishing settings name, and none that waits for an approval.
    const toolbox = toolIdsAllowed ? onlyTools(loaded, toolIdsAllowed) : loaded;
    return toolbox.tools.length > 0 ? toolbox : null;
  } catch (err) {
    // A turn without its tools still answers; the agent's settings test says what is wrong.
    log?.error({ err, agentId }, "could not load the agent's tools");
    return null;
  }
}

/** The toolbox narrowed to `toolIds`' functions that run without an approval; a call to any other is refused. */
function onlyTools(toolbox: AgentToolbox, toolIds: readonly string[]): AgentToolbox {
  const tools = toolbox.tools.filter((tool) => toolIds.includes(tool.toolId) && tool.approval === "auto");
  const offered = new Set(tools.map((tool) => tool.name));
  return {
    ...toolbox,
    tools,
    call: (request, signal) =>
      offered.has(request.name)
        ? toolbox.call(request, signal)
        : Promise.resolve({ ok: false, content: `No tool named ${request.name}.`, summary: "Not offered", ms: 0 }),
  };
}

/** The request fields that offer the toolbox's functions to the model. */
export function offeredToModel(toolbox: AgentToolbox | null): Pick<LlmReplyRequest, "tools"> {
  if (!toolbox) return {};
  return {
    tools: toolbox.tools.map(({ name, description, parameters }) => ({ name, description, parameters })),
  };
}

/** What a reply with tools needs from the started reply (turn-reply.ts). */
export interface ToolReply {
  toolbox: AgentToolbox;
  request: LlmReplyRequest;
  first: Promise<IteratorResult<string>>;
  rest: AsyncIterator<string>;
  /** The calls the last model answer asked for, handed over once. */
  takeToolCalls(): ModelToolCall[];
}

/** What the turn's metering counts of its tool steps (decision 148). */
export interface ToolTally {
  /** Calls that reached their tool: run, whether they then succeeded, failed or were withheld. */
  ran: number;
}

export interface ToolTurn {
  input: TurnInput;
  userMessageId: string;
  tally: ToolTally;
}

/** The reply's pieces: the model's text, and the tool steps between its answers. */
export async function* replyWithToolSteps(
  deps: FeatureDeps,
  turn: ToolTurn,
  reply: ToolReply,
): AsyncGenerator<ReplyPiece> {
  const startedAt = performance.now();
  const steps: ModelToolStep[] = [];
  const { maxCallsPerTurn } = reply.toolbox.policy;
  let callsMade = 0;
  let current: { first: Promise<IteratorResult<string>>; rest: AsyncIterator<string> } = reply;
  try {
    // Bounded by the calls per turn: each round spends at least one, the round after the last answers in words.
    for (let round = 0; round <= maxCallsPerTurn; round += 1) {
      let text = "";
      for (let piece = await current.first; !piece.done; piece = await current.rest.next()) {
        text += piece.value;
        yield piece.value;
      }
      const asked = reply.takeToolCalls();
      if (asked.length === 0 || callsMade >= maxCallsPerTurn) return;
      const results = yield* runToolStep(deps, turn, reply.toolbox, asked, maxCallsPerTurn - callsMade);
      callsMade += asked.length;
      steps.push({ text, calls: asked, results });
      const more = callsMade < maxCallsPerTurn && performance.now() - startedAt < TOOL_TURN_BUDGET_MS;
      const stream = deps.llm.streamReply({
        ...reply.request,
        toolSteps: [...steps],
        toolChoice: more ? "auto" : "none",
      });
      const iterator = stream[Symbol.asyncIterator]();
      current = { first: iterator.next(), rest: iterator };
    }
  } finally {
    // Stopped mid-answer (the client left, or the turn failed): the open request is closed.
    if (current !== reply) await current.rest.return?.().catch(() => undefined);
  }
}

interface PlannedCall {
  recordId: string;
  call: ModelToolCall;
  outcome: ToolCallOutcome;
  /** Set for a call refused before it ran: the words the model is given, and the person's (the step's summary). */
  refusal?: { toModel: string; toPerson: string };
}

/** One round: records the calls, runs them side by side, yields their events, returns what the model is told. */
async function* runToolStep(
  deps: FeatureDeps,
  turn: ToolTurn,
  toolbox: AgentToolbox,
  asked: ModelToolCall[],
  callsLeft: number,
): AsyncGenerator<ToolStepEvent, ModelToolStep["results"]> {
  const planned = await planCalls(deps, turn, toolbox, asked, callsLeft);
  const now = deps.clock.now();
  await insertToolCalls(
    deps.db,
    planned.map((entry): NewToolCallRow => ({
      id: entry.recordId,
      conversationId: turn.input.conversationId,
      messageId: turn.userMessageId,
      companyId: turn.input.user.companyId,
      name: entry.call.name.slice(0, 200),
      arguments: entry.call.arguments.slice(0, RECORDED_ARGUMENTS_MAX),
      outcome: entry.outcome,
      resultSummary: entry.refusal ? oneLine(entry.refusal.toPerson) : "",
      createdAt: now,
    })),
  );
  const channel = createEventChannel<ToolStepEvent>();
  // A refused call is shown too, as a step that did not run and says why (the cap, the turn's limit).
  for (const entry of planned) {
    channel.push({
      type: "tool_call",
      id: entry.recordId,
      name: entry.call.name,
      arguments: entry.call.arguments,
      status: entry.outcome === "awaiting_approval" ? "awaiting_approval" : "running",
    });
  }
  const running = Promise.all(
    planned.map(async (entry) => {
      if (entry.refusal) {
        const summary = oneLine(entry.refusal.toPerson);
        channel.push({ type: "tool_result", id: entry.recordId, ok: false, summary, ms: 0, refused: true });
        return { callId: entry.call.id, content: entry.refusal.toModel };
      }
      return { callId: entry.call.id, content: await settleCall(deps, turn, toolbox, entry, channel.push) };
    }),
  ).finally(channel.close);
  yield* channel.drain();
  return await running;
}

/** Which calls may run: within the turn's and the company's limits; "ask" tools wait for approval. */
async function planCalls(
  deps: FeatureDeps,
  turn: ToolTurn,
  toolbox: AgentToolbox,
  asked: ModelToolCall[],
  callsLeft: number,
): Promise<PlannedCall[]> {
  const { callsPerCompanyPerDay, maxCallsPerTurn } = toolbox.policy;
  let companyLeft = Number.POSITIVE_INFINITY;
  const companyId = turn.input.user.companyId;
  if (callsPerCompanyPerDay !== null && companyId) {
    const now = deps.clock.now();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    companyLeft = callsPerCompanyPerDay - (await countCompanyToolCallsSince(deps.db, companyId, dayStart));
  }
  return asked.map((call, position): PlannedCall => {
    const recordId = randomUUID();
    if (position >= callsLeft) {
      const refusal = {
        toModel: `Not run: the limit of ${maxCallsPerTurn} tool calls in one reply was reached. Answer with what you have.`,
        toPerson: `Not run: this reply reached its limit of ${maxCallsPerTurn} tool call${maxCallsPerTurn === 1 ? "" : "s"}.`,
      };
      return { recordId, call, outcome: "refused", refusal };
    }
    if (position >= companyLeft) {
      const refusal = {
        toModel:
          "Not run: the company's tool calls for today are used up. Tell the person this tool cannot be used again today, and answer without it.",
        toPerson: companyCapReached(callsPerCompanyPerDay ?? 0),
      };
      return { recordId, call, outcome: "refused", refusal };
    }
    const offered = toolbox.tools.find((tool) => tool.name === call.name);
    return { recordId, call, outcome: offered?.approval === "ask" ? "awaiting_approval" : "running" };
  });
}

/** The step's words for a call past the company's daily cap: what ran out, when it comes back, who can help. */
export function companyCapReached(cap: number): string {
  return `Not run: your company has reached its limit of ${cap.toLocaleString("en-US")} tool call${cap === 1 ? "" : "s"} a day. It resets at 00:00 UTC; ask an administrator if you need more.`;
}

/** Waits for approval if needed, runs the call, records how it ended; returns what the model is told. */
async function settleCall(
  deps: FeatureDeps,
  turn: ToolTurn,
  toolbox: AgentToolbox,
  entry: PlannedCall,
  emit: (event: ToolStepEvent) => void,
): Promise<string> {
  const { signal } = turn.input;
  const finish = async (outcome: ToolCallOutcome, summary: string, ms: number | null, withheld = false) => {
    await finishToolCall(deps.db, entry.recordId, { outcome, resultSummary: oneLine(summary), durationMs: ms });
    emit({
      type: "tool_result",
      id: entry.recordId,
      ok: outcome === "ok",
      summary: oneLine(summary),
      ms: ms ?? 0,
      ...(withheld ? { withheld } : {}),
    });
  };
  if (entry.outcome === "awaiting_approval") {
    const spoken = turn.input.spoken === true;
    // A caller waits on the line: a call's question is answered in seconds or not at all.
    const wait = spoken ? deps.config.VOICE_APPROVAL_WAIT_MS : APPROVAL_WAIT_MS;
    const decision = await awaitToolCallDecision(entry.recordId, signal, wait);
    if (decision !== "approved") {
      const denied = decision === "denied";
      // A denial is recorded by the route that took it; a call nobody answered is recorded here.
      if (denied) await finish("denied", "Denied", null);
      else if (spoken) await finish("denied", NOT_ANSWERED_SUMMARY, null);
      else await finish("refused", "Not approved in time", null);
      if (denied) return "The person denied this tool call, so it was not run. Do not try it again; answer without it.";
      return spoken
        ? "The caller did not say yes to this tool call in time, so it was not run. Tell them you did not use it and answer without it."
        : "Nobody approved this tool call in time, so it was not run. Answer without it.";
    }
    emit({
      type: "tool_call",
      id: entry.recordId,
      name: entry.call.name,
      arguments: entry.call.arguments,
      status: "running",
    });
  }
  // From here the call reaches its tool: it counts, in the cap (its record says "running") and the roll-up.
  turn.tally.ran += 1;
  const result: ToolCallResult = await toolbox.call(
    { ...entry.call, conversationId: turn.input.conversationId },
    signal,
  );
  if (injectionRule(result.content)) {
    await finish(
      "withheld",
      `Withheld from the agent (it looked like an injection): ${result.content}`,
      result.ms,
      true,
    );
    return "The tool's result was withheld: it held text that looked like instructions to you. The person was shown it instead. Tell them you could not use this result.";
  }
  await finish(result.ok ? "ok" : "failed", result.summary, result.ms);
  return result.content;
}
