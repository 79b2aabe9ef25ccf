/**
 * An agent's tools (issue 24): listed, added, changed, removed and tested by whoever may change
 * the agent (its owner, or an admin who can see it — agents/service.ts), each change audited
 * without a secret. Header values are sealed before they are stored and never answered back.
 */
import {
  argumentPlacesIssue,
  TOOLS_PER_AGENT_MAX,
  urlTemplateIssue,
  type Tool,
  type ToolCreate,
  type ToolPatch,
  type ToolTestResult,
} from "../../contracts/tools.js";
import type { UserRow } from "../auth/user-view.js";
import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import type { Db } from "../db/connect.js";
import type { AgentToolConfig } from "../db/schema-tools.js";
import { apiError } from "../http/http-error.js";
import type { OutboundOptions } from "../http/outbound/guarded-fetch.js";
import {
  countAgentTools,
  deleteAgentToolRow,
  findAgentForTools,
  findAgentToolRow,
  insertAgentToolRow,
  insertToolAudit,
  listAgentToolRows,
  updateAgentToolRow,
  type AgentToolRow,
} from "./queries.js";
import { testToolConnection } from "./tool-connection-test.js";
import { changedHeaders, openHeaders, sealHeaders, toolSecretBox } from "./tool-secrets.js";
import { toTool } from "./tool-view.js";

export interface ToolsDeps {
  db: Db;
  clock: Clock;
  config: Config;
  /** Tests hand in a resolver they control; production asks the system. */
  toolOptions?: OutboundOptions;
}

const FIELDS_BY_KIND: Record<Tool["kind"], (keyof ToolPatch)[]> = {
  mcp: ["name", "url", "headers", "enabledTools", "approval"],
  http: ["name", "description", "method", "url", "parameters", "headers", "approval"],
  builtin: ["approval"],
};

/**
 * Tools are changed by whoever may change the agent (agents/service.ts): its owner, or an admin
 * who can see it. A colleague who sees a shared agent gets 403; anyone who cannot see it, 404.
 */
export async function manageableAgent(deps: ToolsDeps, user: UserRow, agentId: string) {
  const agent = await findAgentForTools(deps.db, user.id, agentId);
  if (!agent) throw apiError("AGENT_NOT_FOUND");
  if (agent.ownerId !== user.id && !user.isAdmin) throw apiError("TOOLS_NOT_YOURS");
  return agent;
}

async function toolOf(deps: ToolsDeps, agentId: string, toolId: string): Promise<AgentToolRow> {
  const row = await findAgentToolRow(deps.db, agentId, toolId);
  if (!row) throw apiError("TOOL_NOT_FOUND");
  return row;
}

async function ensureNameFree(deps: ToolsDeps, agentId: string, name: string, exceptId?: string): Promise<void> {
  const rows = await listAgentToolRows(deps.db, agentId);
  if (rows.some((row) => row.name === name && row.id !== exceptId)) throw apiError("TOOL_NAME_TAKEN", { name });
}

export async function listTools(deps: ToolsDeps, user: UserRow, agentId: string): Promise<Tool[]> {
  await manageableAgent(deps, user, agentId);
  return (await listAgentToolRows(deps.db, agentId)).map(toTool);
}

export function configOf(input: ToolCreate, hints: AgentToolConfig["headerHints"]): AgentToolConfig {
  if (input.kind === "mcp") {
    return {
      url: input.url,
      enabledTools: input.enabledTools ?? null,
      headerHints: hints,
      offered: null,
      refreshedAt: null,
    };
  }
  if (input.kind === "http") {
    return {
      url: input.url,
      method: input.method,
      parameters: input.parameters,
      headerHints: hints,
      ...(input.queryParameters ? { queryParameters: input.queryParameters } : {}),
      ...(input.bodyParameter !== undefined ? { bodyParameter: input.bodyParameter } : {}),
    };
  }
  return {};
}

export async function addTool(deps: ToolsDeps, user: UserRow, agentId: string, input: ToolCreate): Promise<Tool> {
  const agent = await manageableAgent(deps, user, agentId);
  if ((await countAgentTools(deps.db, agentId)) >= TOOLS_PER_AGENT_MAX)
    throw apiError("TOO_MANY_TOOLS", { limit: TOOLS_PER_AGENT_MAX });
  await ensureNameFree(deps, agentId, input.name);
  const headers = input.kind === "builtin" ? {} : (input.headers ?? {});
  const sealed = sealHeaders(toolSecretBox(deps.config), headers);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertAgentToolRow(tx, {
      agentId,
      companyId: agent.companyId,
      kind: input.kind,
      name: input.name,
      description: input.kind === "http" ? input.description : "",
      approval: input.approval,
      config: configOf(input, sealed.hints),
      sealedHeaders: sealed.sealed,
      createdAt: now,
      updatedAt: now,
    });
    await insertToolAudit(tx, user, "agent_tool.create", { type: "agent_tool", id: created.id }, now, {
      agentId,
      kind: input.kind,
      name: input.name,
      headerNames: Object.keys(headers),
    });
    return created;
  });
  return toTool(row);
}

export async function changeTool(
  deps: ToolsDeps,
  user: UserRow,
  agentId: string,
  toolId: string,
  patch: ToolPatch,
): Promise<Tool> {
  await manageableAgent(deps, user, agentId);
  const row = await toolOf(deps, agentId, toolId);
  const allowed = FIELDS_BY_KIND[row.kind as Tool["kind"]];
  const refused = (Object.keys(patch) as (keyof ToolPatch)[]).find((field) => !allowed.includes(field));
  if (refused) throw apiError("INVALID_INPUT", { message: `${refused} does not apply to a tool of kind ${row.kind}` });
  if (patch.name !== undefined) await ensureNameFree(deps, agentId, patch.name, toolId);

  const config: AgentToolConfig = { ...row.config };
  if (patch.url !== undefined) config.url = patch.url;
  if (patch.method !== undefined) config.method = patch.method;
  if (patch.parameters !== undefined) config.parameters = patch.parameters;
  if (patch.enabledTools !== undefined) config.enabledTools = patch.enabledTools;
  if (row.kind === "http") {
    const issue =
      urlTemplateIssue(config.url ?? "", config.parameters ?? {}) ??
      argumentPlacesIssue(config.url ?? "", config.parameters ?? {}, config.queryParameters, config.bodyParameter);
    if (issue) throw apiError("INVALID_INPUT", { message: issue });
  }
  // A new address is another server: what the old one listed no longer says anything.
  if (row.kind === "mcp" && patch.url !== undefined && patch.url !== row.config.url) {
    config.offered = null;
    config.refreshedAt = null;
  }
  let sealedHeaders = row.sealedHeaders;
  if (patch.headers !== undefined) {
    const box = toolSecretBox(deps.config);
    const sealed = sealHeaders(box, changedHeaders(openHeaders(box, row.sealedHeaders), patch.headers));
    sealedHeaders = sealed.sealed;
    config.headerHints = sealed.hints;
  }
  const now = deps.clock.now();
  const updated = await deps.db.transaction(async (tx) => {
    const changed = await updateAgentToolRow(tx, toolId, {
      name: patch.name ?? row.name,
      description: patch.description ?? row.description,
      approval: patch.approval ?? row.approval,
      config,
      sealedHeaders,
      updatedAt: now,
    });
    await insertToolAudit(tx, user, "agent_tool.update", { type: "agent_tool", id: toolId }, now, {
      agentId,
      name: changed.name,
      fields: Object.keys(patch),
      ...(patch.headers ? { headerNames: Object.keys(patch.headers) } : {}),
    });
    return changed;
  });
  return toTool(updated);
}

export async function removeTool(deps: ToolsDeps, user: UserRow, agentId: string, toolId: string): Promise<void> {
  await manageableAgent(deps, user, agentId);
  const row = await toolOf(deps, agentId, toolId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await deleteAgentToolRow(tx, toolId);
    await insertToolAudit(tx, user, "agent_tool.delete", { type: "agent_tool", id: toolId }, now, {
      agentId,
      kind: row.kind,
      name: row.name,
    });
  });
}

/** Connects (MCP: lists the server's tools and remembers them) or checks (HTTP: the policy allows the host). */
export async function testTool(
  deps: ToolsDeps,
  user: UserRow,
  agentId: string,
  toolId: string,
): Promise<ToolTestResult> {
  await manageableAgent(deps, user, agentId);
  const row = await toolOf(deps, agentId, toolId);
  return testToolConnection(deps, row, deps.toolOptions ?? {});
}
