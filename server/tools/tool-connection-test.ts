/**
 * "Test connection" for a saved tool: an MCP server is connected to and its tools listed (the
 * list is remembered and offered to the model from then on); an HTTP action is not called — a
 * POST could change something — but its address is checked against the policy; a built-in is
 * always ready.
 */
import type { ToolTestResult } from "../../contracts/tools.js";
import type { AgentToolConfig } from "../db/schema-tools.js";
import type { OutboundOptions } from "../http/outbound/guarded-fetch.js";
import type { ToolboxDeps } from "./agent-toolbox.js";
import { createGuardedFetch } from "../http/outbound/guarded-fetch.js";
import { SEARCH_KNOWLEDGE_DESCRIPTION } from "./builtin-tools.js";
import { listMcpTools, withMcpClient } from "./mcp-connection.js";
import { DEFAULT_OUTBOUND_LIMITS, hostAllowed } from "../http/outbound/outbound-policy.js";
import { readToolPolicy } from "./policy-service.js";
import { updateAgentToolRow, type AgentToolRow } from "./queries.js";
import { openHeaders, toolSecretBox } from "./tool-secrets.js";
import { failureMessage } from "./tool-results.js";

export async function testToolConnection(
  deps: Omit<ToolboxDeps, "searchKnowledge">,
  row: AgentToolRow,
  options: OutboundOptions,
): Promise<ToolTestResult> {
  const policy = await readToolPolicy(deps.db);
  if (row.kind === "builtin") {
    return { ok: true, message: "Ready", offered: [{ name: row.name, description: SEARCH_KNOWLEDGE_DESCRIPTION }] };
  }
  const url = row.config.url ?? "";
  if (row.kind === "http") {
    const host = new URL(url.replace(/\{[^{}]*\}/g, "x")).hostname;
    if (!hostAllowed(policy, host)) {
      return { ok: false, message: `${host} is not among the hosts the tool policy allows`, offered: [] };
    }
    return {
      ok: true,
      message: `Ready: ${row.config.method} ${host} is allowed by the tool policy (the action is not called by a test)`,
      offered: [{ name: row.name, description: row.description }],
    };
  }
  const limits = options.limits ?? DEFAULT_OUTBOUND_LIMITS;
  const guarded = createGuardedFetch(policy, limits, options.resolve);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const headers = openHeaders(toolSecretBox(deps.config), row.sealedHeaders);
    const listed = await withMcpClient({ url, headers }, guarded, signal, (client) => listMcpTools(client, signal));
    const config: AgentToolConfig = { ...row.config, offered: listed, refreshedAt: deps.clock.now().toISOString() };
    await updateAgentToolRow(deps.db, row.id, { config });
    const offered = listed.map(({ name, description }) => ({ name, description }));
    return {
      ok: true,
      message: `Connected: the server offers ${listed.length} tool${listed.length === 1 ? "" : "s"}`,
      offered,
    };
  } catch (error) {
    return { ok: false, message: `Could not connect: ${failureMessage(error)}`, offered: [] };
  } finally {
    await guarded.close();
  }
}
