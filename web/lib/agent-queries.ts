/** Query keys and fetchers for agents and templates, kept together (STYLE.md 6). */
import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiRoute } from "../../contracts/api-routes";
import type { AgentOwnerChange } from "../../contracts/agents";
import { apiRequest } from "./api";

export const agentKeys = {
  all: ["/api/agents"] as const,
  one: (id: string) => ["/api/agents", id] as const,
  templates: ["/api/agent-templates"] as const,
};

export const agentListQuery = queryOptions({
  queryKey: agentKeys.all,
  queryFn: () => apiRequest(apiRoute("agents")),
});

export const agentQuery = (id: string) =>
  queryOptions({ queryKey: agentKeys.one(id), queryFn: () => apiRequest(apiRoute("agent", { id })) });

export const templateListQuery = queryOptions({
  queryKey: agentKeys.templates,
  queryFn: () => apiRequest(apiRoute("agentTemplates")),
});

/** An admin hands the agent to a colleague of its owner; the agent, the lists and the audit refresh. */
export const transferAgentMutation = (queryClient: QueryClient, id: string) =>
  mutationOptions({
    mutationFn: (change: AgentOwnerChange) => apiRequest(apiRoute("transferAgent", { id }), change),
    onSuccess: async (agent) => {
      queryClient.setQueryData(agentKeys.one(id), agent);
      await queryClient.invalidateQueries({ queryKey: agentKeys.all, exact: true });
      await queryClient.invalidateQueries({ queryKey: ["/api/admin/audit"] });
    },
  });
