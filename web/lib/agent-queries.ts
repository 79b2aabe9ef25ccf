/** Query keys and fetchers for agents and templates, kept together (STYLE.md 6). */
import { queryOptions } from "@tanstack/react-query";
import type { Agent, AgentTemplate } from "../../contracts/agents";
import { apiGet } from "./api";

export const agentKeys = {
  all: ["/api/agents"] as const,
  one: (id: string) => ["/api/agents", id] as const,
  templates: ["/api/agent-templates"] as const,
};

export const agentListQuery = queryOptions({ queryKey: agentKeys.all, queryFn: () => apiGet<Agent[]>("/api/agents") });

export const agentQuery = (id: string) =>
  queryOptions({ queryKey: agentKeys.one(id), queryFn: () => apiGet<Agent>(`/api/agents/${id}`) });

export const templateListQuery = queryOptions({
  queryKey: agentKeys.templates,
  queryFn: () => apiGet<AgentTemplate[]>("/api/agent-templates"),
});
