/** Query keys and fetchers for an agent's API keys (issue 25), kept together (STYLE.md 6). */
import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiRoute } from "../../../contracts/api-routes";
import type { ApiKeyCreate } from "../../../contracts/api-keys";
import { apiRequest } from "../../lib/api";

export const apiKeyKeys = {
  ofAgent: (agentId: string) => ["/api/agents", agentId, "api-keys"] as const,
};

export const agentApiKeysQuery = (agentId: string) =>
  queryOptions({
    queryKey: apiKeyKeys.ofAgent(agentId),
    queryFn: () => apiRequest(apiRoute("apiKeys", { id: agentId })),
  });

const refreshKeys = (queryClient: QueryClient, agentId: string) =>
  queryClient.invalidateQueries({ queryKey: apiKeyKeys.ofAgent(agentId) });

export const createApiKeyMutation = (queryClient: QueryClient, agentId: string) =>
  mutationOptions({
    mutationFn: (input: ApiKeyCreate) => apiRequest(apiRoute("createApiKey", { id: agentId }), input),
    onSuccess: () => refreshKeys(queryClient, agentId),
  });

export const revokeApiKeyMutation = (queryClient: QueryClient, agentId: string) =>
  mutationOptions({
    mutationFn: (keyId: string) => apiRequest(apiRoute("revokeApiKey", { id: agentId, keyId })),
    onSuccess: () => refreshKeys(queryClient, agentId),
  });
