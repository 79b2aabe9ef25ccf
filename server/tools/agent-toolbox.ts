/**
 * loadAgentToolbox: an agent's configured tools made into the toolbox a turn offers the model
 * (toolbox.ts). MCP servers are offered by the tools they listed when last asked (listed now,
 * and remembered, if never), each as `<server>__<tool>` so names stay unique; HTTP actions and
 * built-ins by their own names. Every call runs under the admin's policy through its own guarded
 * client, closed when the call ends, and never throws: a failure is a result with ok=false.
 */
import { createHash } from "node:crypto";
import { DEFAULT_TOOL_POLICY, TOOL_NAME_PATTERN } from "../../contracts/tools.js";
import type { Config } from "../config.js";
import type { Db } from "../db/connect.js";
import type { AgentToolConfig } from "../db/schema-tools.js";
import type { FeatureDeps } from "../feature-deps.js";
import { createGuardedFetch, type GuardedFetch, type OutboundOptions } from "../http/outbound/guarded-fetch.js";
import { httpActionRequest, runHttpAction } from "./http-action.js";
import {
  HANDOFF_TO_HUMAN_DESCRIPTION,
  HANDOFF_TO_HUMAN_PARAMETERS,
  handoffResult,
  SEARCH_KNOWLEDGE_DESCRIPTION,
  SEARCH_KNOWLEDGE_PARAMETERS,
  searchKnowledgeResult,
} from "./builtin-tools.js";
import { listMcpTools, mcpResultText, withMcpClient, type McpListedTool } from "./mcp-connection.js";
import { DEFAULT_OUTBOUND_LIMITS, type OutboundPolicy } from "../http/outbound/outbound-policy.js";
import { readToolPolicy } from "./policy-service.js";
import { listAgentToolRows, updateAgentToolRow, type AgentToolRow } from "./queries.js";
import { openHeaders, toolSecretBox } from "./tool-secrets.js";
import { failureMessage, parseArguments, toolFailure, toolResult } from "./tool-results.js";
import type { AgentToolbox, OfferedTool, ToolCallRequest, ToolCallResult } from "./toolbox.js";

export interface ToolboxDeps {
  db: Db;
  config: Pick<Config, "SECRETS_KEY" | "sessionSecret">;
  searchKnowledge: FeatureDeps["searchKnowledge"];
  clock: { now(): Date };
  /** Flags the conversation for a person and tells Live (the turn's engine provides it: issue 26). */
  requestHandoff?: (conversationId: string) => Promise<void>;
}

/** `<server>__<tool>`, kept within 64 characters by a short hash when the two are long. */
export function mcpFunctionName(server: string, tool: string): string {
  const plain = `${server}__${tool}`.replace(/[^a-zA-Z0-9_-]/g, "_");
  if (plain.length <= 64 && TOOL_NAME_PATTERN.test(plain)) return plain;
  const hash = createHash("sha256").update(`${server}\0${tool}`).digest("hex").slice(0, 8);
  return `${plain.slice(0, 55)}_${hash}`;
}

interface Runnable {
  offered: OfferedTool;
  run(
    args: Record<string, unknown>,
    signal: AbortSignal,
    guarded: () => GuardedFetch,
    conversationId: string | undefined,
  ): Promise<ToolCallResult>;
}

/** The MCP server's tools: the remembered list, or asked for now (and remembered) when there is none. */
async function mcpListOf(
  deps: ToolboxDeps,
  row: AgentToolRow,
  policy: OutboundPolicy,
  options: OutboundOptions,
): Promise<McpListedTool[]> {
  if (row.config.offered) return row.config.offered;
  const guarded = createGuardedFetch(policy, options.limits ?? DEFAULT_OUTBOUND_LIMITS, options.resolve);
  try {
    const headers = openHeaders(toolSecretBox(deps.config), row.sealedHeaders);
    const signal = AbortSignal.timeout((options.limits ?? DEFAULT_OUTBOUND_LIMITS).timeoutMs);
    const listed = await withMcpClient({ url: row.config.url ?? "", headers }, guarded, signal, (client) =>
      listMcpTools(client, signal),
    );
    const config: AgentToolConfig = { ...row.config, offered: listed, refreshedAt: deps.clock.now().toISOString() };
    await updateAgentToolRow(deps.db, row.id, { config });
    return listed;
  } catch {
    // An unreachable server offers nothing this turn; its test in the agent's settings says why.
    return [];
  } finally {
    await guarded.close();
  }
}

function mcpRunnables(deps: ToolboxDeps, row: AgentToolRow, listed: McpListedTool[]): Runnable[] {
  const enabled = row.config.enabledTools;
  return listed
    .filter((tool) => !enabled || enabled.includes(tool.name))
    .map((tool) => ({
      offered: {
        name: mcpFunctionName(row.name, tool.name),
        description: tool.description,
        parameters: tool.parameters,
        approval: row.approval as OfferedTool["approval"],
        toolId: row.id,
        kind: "mcp",
      },
      run: async (args, signal, guarded) => {
        const started = performance.now();
        const headers = openHeaders(toolSecretBox(deps.config), row.sealedHeaders);
        const result = await withMcpClient({ url: row.config.url ?? "", headers }, guarded(), signal, (client) =>
          client.callTool({ name: tool.name, arguments: args }, undefined, { signal }),
        );
        const text = mcpResultText(result);
        const ok = (result as { isError?: boolean }).isError !== true;
        return toolResult(ok, text, `${row.name} · ${tool.name}: ${ok ? "" : "error: "}${text}`, started);
      },
    }));
}

function httpRunnable(deps: ToolboxDeps, row: AgentToolRow): Runnable {
  return {
    offered: {
      name: row.name,
      description: row.description,
      parameters: row.config.parameters ?? { type: "object", properties: {} },
      approval: row.approval as OfferedTool["approval"],
      toolId: row.id,
      kind: "http",
    },
    run: async (args, signal, guarded) => {
      const started = performance.now();
      const headers = openHeaders(toolSecretBox(deps.config), row.sealedHeaders);
      const request = httpActionRequest(
        {
          method: row.config.method ?? "GET",
          url: row.config.url ?? "",
          queryParameters: row.config.queryParameters,
          bodyParameter: row.config.bodyParameter,
        },
        args,
        headers,
      );
      if (typeof request === "string") return toolFailure(request, started);
      const answer = await runHttpAction(guarded(), { ...request, signal });
      return toolResult(answer.ok, answer.content, answer.summary, started);
    },
  };
}

function builtinRunnable(deps: ToolboxDeps, row: AgentToolRow): Runnable | null {
  if (row.name === "handoff_to_human") return handoffRunnable(deps, row);
  if (row.name !== "search_knowledge") return null;
  return {
    offered: {
      name: "search_knowledge",
      description: SEARCH_KNOWLEDGE_DESCRIPTION,
      parameters: SEARCH_KNOWLEDGE_PARAMETERS,
      approval: row.approval as OfferedTool["approval"],
      toolId: row.id,
      kind: "builtin",
    },
    run: async (args, signal) => {
      const started = performance.now();
      if (typeof args.query !== "string" || args.query.trim() === "") return toolFailure("query is required", started);
      const query = args.query.trim().slice(0, 500);
      const found = searchKnowledgeResult(query, await deps.searchKnowledge(row.agentId, query, signal));
      return toolResult(true, found.content, found.summary, started);
    },
  };
}

function handoffRunnable(deps: ToolboxDeps, row: AgentToolRow): Runnable {
  return {
    offered: {
      name: "handoff_to_human",
      description: HANDOFF_TO_HUMAN_DESCRIPTION,
      parameters: HANDOFF_TO_HUMAN_PARAMETERS,
      approval: row.approval as OfferedTool["approval"],
      toolId: row.id,
      kind: "builtin",
    },
    run: async (args, _signal, _guarded, conversationId) => {
      const started = performance.now();
      if (!conversationId || !deps.requestHandoff) return toolFailure("no conversation to hand over", started);
      await deps.requestHandoff(conversationId);
      const result = handoffResult(args.reason);
      return toolResult(true, result.content, result.summary, started);
    },
  };
}

export async function loadAgentToolbox(
  deps: ToolboxDeps,
  agent: { id: string },
  options: OutboundOptions = {},
): Promise<AgentToolbox> {
  const rows = await listAgentToolRows(deps.db, agent.id);
  if (rows.length === 0) {
    return { tools: [], policy: { ...DEFAULT_TOOL_POLICY }, call: async (request) => unknownTool(request) };
  }
  const policy = await readToolPolicy(deps.db);
  const limits = options.limits ?? DEFAULT_OUTBOUND_LIMITS;
  const groups = await Promise.all(
    rows.map(async (row): Promise<Runnable[]> => {
      if (row.kind === "mcp") return mcpRunnables(deps, row, await mcpListOf(deps, row, policy, options));
      if (row.kind === "http") return [httpRunnable(deps, row)];
      const builtin = builtinRunnable(deps, row);
      return builtin ? [builtin] : [];
    }),
  );
  const byName = new Map<string, Runnable>();
  // The first of two same-named functions wins: a model cannot be offered two tools of one name.
  for (const runnable of groups.flat())
    if (!byName.has(runnable.offered.name)) byName.set(runnable.offered.name, runnable);

  return {
    tools: [...byName.values()].map((runnable) => runnable.offered),
    policy,
    async call(request, signal) {
      const runnable = byName.get(request.name);
      if (!runnable) return unknownTool(request);
      const started = performance.now();
      const args = parseArguments(request.arguments);
      if (typeof args === "string") return toolFailure(args, started);
      let guarded: GuardedFetch | null = null;
      const deadline = AbortSignal.any([signal, AbortSignal.timeout(limits.timeoutMs)]);
      try {
        return await runnable.run(
          args,
          deadline,
          () => (guarded ??= createGuardedFetch(policy, limits, options.resolve)),
          request.conversationId,
        );
      } catch (error) {
        const timedOut = deadline.aborted && !signal.aborted;
        return toolFailure(timedOut ? `no answer within ${limits.timeoutMs} ms` : failureMessage(error), started);
      } finally {
        await (guarded as GuardedFetch | null)?.close().catch(() => undefined);
      }
    },
  };
}

function unknownTool(request: ToolCallRequest): ToolCallResult {
  return toolFailure(`there is no tool named ${request.name.slice(0, 64)}`, performance.now());
}
