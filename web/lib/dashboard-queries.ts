/** The dashboard's stat cards (GET /api/dashboard), beside its key (STYLE.md 6). */
import { queryOptions } from "@tanstack/react-query";
import type { DashboardStats } from "../../contracts/dashboard";
import { apiGet } from "./api";

export const dashboardStatsQuery = queryOptions({
  queryKey: ["/api/dashboard"] as const,
  queryFn: () => apiGet<DashboardStats>("/api/dashboard"),
});
