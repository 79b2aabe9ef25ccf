/** Delete with the spec's toasts: success, the 401 path (re-login after 500 ms), other failures. */
import { apiUrl } from "../../../contracts/api-routes";
import { useMutation } from "@tanstack/react-query";
import { apiRoute } from "../../../contracts/api-routes";
import { isUnauthorized, apiRequest, queryClient } from "../../lib/api";
import { agentKeys } from "../../lib/agent-queries";
import { toast } from "../../lib/toast-store";

export function useDeleteAgent(onDeleted?: () => void) {
  return useMutation({
    mutationFn: (id: string) => apiRequest(apiRoute("deleteAgent", { id })),
    onSuccess: async () => {
      toast({ title: "Agent deleted successfully" });
      await queryClient.invalidateQueries({ queryKey: agentKeys.all });
      await queryClient.invalidateQueries({ queryKey: ["/api/dashboard"] });
      onDeleted?.();
    },
    onError: (error) => {
      if (isUnauthorized(error)) {
        toast({
          title: "Unauthorized",
          description: "You are logged out. Logging in again...",
          variant: "destructive",
        });
        setTimeout(() => (window.location.href = apiUrl("signInPage")), 500);
        return;
      }
      toast({ title: "Error", description: "Failed to delete agent", variant: "destructive" });
    },
  });
}
