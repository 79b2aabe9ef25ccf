/** The signed-in user's company usage (GET /api/usage), beside its key (STYLE.md 6). */
import { queryOptions } from "@tanstack/react-query";
import { apiRoute } from "../../../contracts/api-routes";
import type { UsageSummary } from "../../../contracts/usage";
import { apiRequest } from "../../lib/api";

export const usageQuery = queryOptions({
  queryKey: ["/api/usage"] as const,
  queryFn: () => apiRequest<UsageSummary>(apiRoute("usage")),
  // Chats change it: a minute old is fresh enough for a dashboard glance.
  staleTime: 60_000,
});
