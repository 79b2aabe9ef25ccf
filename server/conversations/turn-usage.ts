/**
 * What a turn reports to usage metering: the record built from the turn's end (outcome,
 * tokens, timings), and the default meter that records it at once.
 */
import type { FastifyBaseLogger } from "fastify";
import type { FeatureDeps } from "../feature-deps.js";
import type { LlmUsage } from "../providers/llm/llm-provider.js";
import type { TurnUsageRecord } from "../usage/queries.js";
import { meterTurn } from "../usage/service.js";
import type { TurnInput, TurnMeter } from "./turn-types.js";

export type { TurnMeter };

export function defaultMeter(deps: FeatureDeps, log?: FastifyBaseLogger): TurnMeter {
  return (usage) => meterTurn(deps, usage, log);
}

/** The usage record of a turn, before any voice seconds are added. */
export function usageOf(
  deps: FeatureDeps,
  input: TurnInput,
  end: {
    outcome: TurnUsageRecord["outcome"];
    started: boolean;
    usage: LlmUsage | null;
    firstTokenMs: number | null;
    totalMs: number;
    /** Tool calls that reached their tool (decision 148); none when absent. */
    toolCalls?: number;
  },
): TurnUsageRecord {
  const offline = deps.llm.kind === "offline";
  return {
    userId: input.user.id,
    agentId: input.agent.id,
    agentName: input.agent.name,
    conversationId: input.conversationId,
    provider: deps.llm.kind,
    model: offline ? "offline" : (deps.llm.model ?? "unknown"),
    promptTokens: end.usage?.promptTokens ?? 0,
    completionTokens: end.usage?.completionTokens ?? 0,
    tokensEstimated: end.usage?.estimated ?? false,
    firstTokenMs: end.firstTokenMs,
    totalMs: end.totalMs,
    outcome: end.outcome,
    startedConversation: end.started,
    voiceSecondsHeard: 0,
    voiceSecondsSpoken: 0,
    toolCalls: end.toolCalls ?? 0,
    language: input.language,
    at: deps.clock.now(),
    reserved: input.reserved ?? null,
  };
}
