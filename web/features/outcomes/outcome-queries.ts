/**
 * Query keys, fetchers and mutations of outcomes (issue 26), kept together (STYLE.md 6). Keys
 * start with their API path, so the live channel can invalidate by prefix.
 */
import { mutationOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiRoute, apiUrl } from "../../../contracts/api-routes";
import type { ConversationOutcomePatch, OutcomeAnalyticsTable, OutcomeField } from "../../../contracts/outcomes";
import { apiRequest } from "../../lib/api";

export const outcomeKeys = {
  fields: (agentId: string) => ["/api/agents", agentId, "outcome-fields"] as const,
  outcome: (conversationId: string) => ["/api/conversations", conversationId, "outcome"] as const,
  analytics: (range: { from: string; to: string }) => ["/api/admin/outcome-analytics", range] as const,
};

export const outcomeFieldsQuery = (agentId: string) =>
  queryOptions({
    queryKey: outcomeKeys.fields(agentId),
    queryFn: () => apiRequest(apiRoute("outcomeFields", { id: agentId })),
  });

export const saveOutcomeFieldsMutation = (queryClient: QueryClient, agentId: string) =>
  mutationOptions({
    mutationFn: (fields: OutcomeField[]) => apiRequest(apiRoute("saveOutcomeFields", { id: agentId }), { fields }),
    onSuccess: (saved) => queryClient.setQueryData(outcomeKeys.fields(agentId), saved),
  });

export const conversationOutcomeQuery = (conversationId: string) =>
  queryOptions({
    queryKey: outcomeKeys.outcome(conversationId),
    queryFn: () => apiRequest(apiRoute("outcome", { id: conversationId })),
    staleTime: 30_000,
  });

export const correctOutcomeMutation = (queryClient: QueryClient, conversationId: string) =>
  mutationOptions({
    mutationFn: (patch: ConversationOutcomePatch) =>
      apiRequest(apiRoute("correctOutcome", { id: conversationId }), patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(outcomeKeys.outcome(conversationId), saved);
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/outcome-analytics"] });
    },
  });

export const outcomeAnalyticsQuery = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: outcomeKeys.analytics(range),
    queryFn: () => apiRequest(apiRoute("outcomeAnalytics", {}, { from: range.from, to: range.to })),
  });

export const outcomeAnalyticsCsvUrl = (table: OutcomeAnalyticsTable, range: { from: string; to: string }) =>
  apiUrl("outcomeAnalyticsCsv", {}, { table, from: range.from, to: range.to });
