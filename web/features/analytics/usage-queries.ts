/** The signed-in user's company usage (GET /api/usage), beside its key (STYLE.md 6). */
import { queryOptions } from "@tanstack/react-query";
import { apiRoute } from "../../../contracts/api-routes";
import { apiRequest } from "../../lib/api";

export const usageQuery = queryOptions({
  queryKey: ["/api/usage"] as const,
  queryFn: () => apiRequest(apiRoute("usage")),
  // Chats change it: a minute old is fresh enough for a dashboard glance.
  staleTime: 60_000,
});
