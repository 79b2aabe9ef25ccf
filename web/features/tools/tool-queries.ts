/** Query keys and fetchers for an agent's tools and the admin's tool policy (issue 24), kept together (STYLE.md 6). */
import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiRoute } from "../../../contracts/api-routes";
import type { ToolCreate, ToolPatch, ToolPolicy } from "../../../contracts/tools";
import type { OpenApiImport } from "../../../contracts/tools-openapi";
import { apiRequest, ApiError } from "../../lib/api";

export const toolKeys = {
  ofAgent: (agentId: string) => ["/api/agents", agentId, "tools"] as const,
  policy: ["/api/admin/tool-policy"] as const,
};

export const agentToolsQuery = (agentId: string) =>
  queryOptions({
    queryKey: toolKeys.ofAgent(agentId),
    queryFn: () => apiRequest(apiRoute("tools", { id: agentId })),
  });

export const toolPolicyQuery = queryOptions({
  queryKey: toolKeys.policy,
  queryFn: () => apiRequest(apiRoute("toolPolicy")),
});

const refreshTools = (queryClient: QueryClient, agentId: string) =>
  queryClient.invalidateQueries({ queryKey: toolKeys.ofAgent(agentId) });

export const addToolMutation = (queryClient: QueryClient, agentId: string) =>
  mutationOptions({
    mutationFn: (tool: ToolCreate) => apiRequest(apiRoute("addTool", { id: agentId }), tool),
    onSuccess: () => refreshTools(queryClient, agentId),
  });

/** A dry run lists the document's operations; without one, the chosen ones become tools. */
export const importOpenApiMutation = (queryClient: QueryClient, agentId: string) =>
  mutationOptions({
    mutationFn: (request: OpenApiImport) => apiRequest(apiRoute("importOpenApiTools", { id: agentId }), request),
    onSuccess: (_result, request) => (request.dryRun ? undefined : refreshTools(queryClient, agentId)),
  });

export const changeToolMutation = (queryClient: QueryClient, agentId: string) =>
  mutationOptions({
    mutationFn: ({ id, patch }: { id: string; patch: ToolPatch }) =>
      apiRequest(apiRoute("updateTool", { id: agentId, toolId: id }), patch),
    onSuccess: () => refreshTools(queryClient, agentId),
  });

export const removeToolMutation = (queryClient: QueryClient, agentId: string) =>
  mutationOptions({
    mutationFn: (id: string) => apiRequest(apiRoute("deleteTool", { id: agentId, toolId: id })),
    onSuccess: () => refreshTools(queryClient, agentId),
  });

export const testToolMutation = (queryClient: QueryClient, agentId: string) =>
  mutationOptions({
    mutationFn: (id: string) => apiRequest(apiRoute("testTool", { id: agentId, toolId: id })),
    onSuccess: () => refreshTools(queryClient, agentId),
  });

export const savePolicyMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (policy: ToolPolicy) => apiRequest(apiRoute("saveToolPolicy"), policy),
    onSuccess: (policy) => queryClient.setQueryData(toolKeys.policy, policy),
  });

/** The server's sentence for a refusal, or a general one. */
export function problemOf(error: unknown): string {
  return error instanceof ApiError ? (error.serverMessage ?? error.message) : "Something went wrong. Try again.";
}
