/** The dashboard's stat cards (GET /api/dashboard), beside its key (STYLE.md 6). */
import { queryOptions } from "@tanstack/react-query";
import { apiRoute } from "../../contracts/api-routes";
import { apiRequest } from "./api";

export const dashboardStatsQuery = queryOptions({
  queryKey: ["/api/dashboard"] as const,
  queryFn: () => apiRequest(apiRoute("dashboard")),
});
