/** An agent_tools row as the API answers it: settings and header hints, never a header's value. */
import type { Tool } from "../../contracts/tools.js";
import type { AgentToolRow } from "./queries.js";

export function toTool(row: AgentToolRow): Tool {
  const config = row.config;
  return {
    id: row.id,
    agentId: row.agentId,
    kind: row.kind as Tool["kind"],
    name: row.name,
    description: row.description,
    approval: row.approval as Tool["approval"],
    url: config.url ?? null,
    method: (config.method as Tool["method"]) ?? null,
    parameters: config.parameters ?? null,
    headers: config.headerHints ?? [],
    ...(config.queryParameters ? { queryParameters: config.queryParameters } : {}),
    ...(config.bodyParameter !== undefined ? { bodyParameter: config.bodyParameter } : {}),
    enabledTools: config.enabledTools ?? null,
    offered: config.offered ? config.offered.map(({ name, description }) => ({ name, description })) : null,
    refreshedAt: config.refreshedAt ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
