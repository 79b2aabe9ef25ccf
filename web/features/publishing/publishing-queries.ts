/** Query keys and fetchers for an agent's publishing settings (issue 25), kept together (STYLE.md 6). */
import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiRoute } from "../../../contracts/api-routes";
import type { PublishingUpdate } from "../../../contracts/publishing";
import { apiRequest } from "../../lib/api";

export const publishingKeys = {
  ofAgent: (agentId: string) => ["/api/agents", agentId, "publishing"] as const,
};

export const agentPublishingQuery = (agentId: string) =>
  queryOptions({
    queryKey: publishingKeys.ofAgent(agentId),
    queryFn: () => apiRequest(apiRoute("publishing", { id: agentId })),
  });

export const savePublishingMutation = (queryClient: QueryClient, agentId: string) =>
  mutationOptions({
    mutationFn: (update: PublishingUpdate) => apiRequest(apiRoute("savePublishing", { id: agentId }), update),
    onSuccess: (saved) => queryClient.setQueryData(publishingKeys.ofAgent(agentId), saved),
  });

/** Where guests reach a published agent on this host: its public page and the widget's script. */
export function publicAddresses(origin: string, slug: string) {
  return {
    page: `${origin}/a/${slug}`,
    snippet: `<script src="${origin}/widget.js" data-agent="${slug}" async></script>`,
  };
}
