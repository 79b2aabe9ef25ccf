/** Query keys and fetchers for an agent's API keys (issue 25), kept together (STYLE.md 6). */
import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { ApiKey, ApiKeyCreate, ApiKeyCreated } from "../../../contracts/api-keys";
import { apiGet, apiRequest } from "../../lib/api";

export const apiKeyKeys = {
  ofAgent: (agentId: string) => ["/api/agents", agentId, "api-keys"] as const,
};

export const agentApiKeysQuery = (agentId: string) =>
  queryOptions({
    queryKey: apiKeyKeys.ofAgent(agentId),
    queryFn: () => apiGet<ApiKey[]>(`/api/agents/${agentId}/api-keys`),
  });

const refreshKeys = (queryClient: QueryClient, agentId: string) =>
  queryClient.invalidateQueries({ queryKey: apiKeyKeys.ofAgent(agentId) });

export const createApiKeyMutation = (queryClient: QueryClient, agentId: string) =>
  mutationOptions({
    mutationFn: (input: ApiKeyCreate) => apiRequest<ApiKeyCreated>("POST", `/api/agents/${agentId}/api-keys`, input),
    onSuccess: () => refreshKeys(queryClient, agentId),
  });

export const revokeApiKeyMutation = (queryClient: QueryClient, agentId: string) =>
  mutationOptions({
    mutationFn: (keyId: string) => apiRequest<void>("DELETE", `/api/agents/${agentId}/api-keys/${keyId}`),
    onSuccess: () => refreshKeys(queryClient, agentId),
  });
