/** The signed-in user's company usage (GET /api/usage), beside its key (STYLE.md 6). */
import { queryOptions } from "@tanstack/react-query";
import type { UsageSummary } from "../../../contracts/usage";
import { apiGet } from "../../lib/api";

export const usageQuery = queryOptions({
  queryKey: ["/api/usage"] as const,
  queryFn: () => apiGet<UsageSummary>("/api/usage"),
  // Chats change it: a minute old is fresh enough for a dashboard glance.
  staleTime: 60_000,
});
