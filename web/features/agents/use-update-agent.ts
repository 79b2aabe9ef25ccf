import { useMutation } from "@tanstack/react-query";
import { apiRoute } from "../../../contracts/api-routes";
import type { AgentPatch } from "../../../contracts/agents";
import { ApiError, apiRequest, queryClient } from "../../lib/api";
import { agentKeys } from "../../lib/agent-queries";
import { toast } from "../../lib/toast-store";

/** PATCH an agent; the answer replaces the cached agent and lists refresh. */
export function useUpdateAgent(id: string) {
  return useMutation({
    mutationFn: (patch: AgentPatch) => apiRequest(apiRoute("updateAgent", { id }), patch),
    onSuccess: async (agent) => {
      queryClient.setQueryData(agentKeys.one(id), agent);
      await queryClient.invalidateQueries({ queryKey: agentKeys.all, exact: true });
      await queryClient.invalidateQueries({ queryKey: ["/api/dashboard"] });
    },
    onError: (error) =>
      toast({
        title: "Error",
        description: (error instanceof ApiError && error.serverMessage) || "Failed to update agent",
        variant: "destructive",
      }),
  });
}
