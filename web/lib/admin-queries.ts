/**
 * Query keys, fetchers and mutations of the admin screens, kept together (STYLE.md 6). Every
 * key starts with its API path, so the live channel can invalidate by path prefix.
 */
import { mutationOptions, queryOptions, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { apiRoute, apiUrl } from "../../contracts/api-routes";
import { TOTAL_COUNT_HEADER } from "../../contracts/admin";
import type { User } from "../../contracts/auth";
import type { AnalyticsTable, CompanyPatch } from "../../contracts/usage";
import { apiRequest, throwIfNotOk } from "./api";

export type ReportFilter = "unresolved" | "resolved" | "all";

export const adminKeys = {
  stats: ["/api/admin/stats"] as const,
  users: ["/api/admin/users"] as const,
  userPage: (search: string, page: number) => ["/api/admin/users", { search, page }] as const,
  user: (id: string) => ["/api/admin/users", id] as const,
  companies: ["/api/admin/companies"] as const,
  conversations: ["/api/admin/conversations"] as const,
  /** The live view's list (web/features/takeover/takeover-queries.ts reads it). */
  liveConversations: ["/api/admin/live-conversations"] as const,
  conversation: (id: string) => ["/api/admin/conversation", id] as const,
  conversationMessages: (id: string) => ["/api/admin/conversation", id, "messages"] as const,
  conversationToolCalls: (id: string) => ["/api/admin/conversation", id, "tool-calls"] as const,
  voiceConversations: ["/api/admin/voice-conversations"] as const,
  voiceMessages: (id: string) => ["/api/admin/voice-conversations", id, "messages"] as const,
  errorReports: ["/api/admin/error-reports"] as const,
  errorReportList: (filter: ReportFilter) => ["/api/admin/error-reports", filter] as const,
  analytics: ["/api/admin/analytics"] as const,
  analyticsRange: (filter: AnalyticsFilter) => ["/api/admin/analytics", filter] as const,
  audit: ["/api/admin/audit"] as const,
  auditPage: (filter: AuditFilter, page: number) => ["/api/admin/audit", filter, page] as const,
};

export interface AnalyticsFilter {
  from: string;
  to: string;
  companyId?: string;
  agentId?: string;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}

export const analyticsQuery = (filter: AnalyticsFilter) =>
  queryOptions({
    queryKey: adminKeys.analyticsRange(filter),
    queryFn: () => apiRequest(apiRoute("analytics", {}, { ...filter })),
    placeholderData: (previous) => previous,
  });

/** Where a table's CSV downloads from (a plain link: the browser saves the file). */
export const analyticsCsvUrl = (table: AnalyticsTable, filter: AnalyticsFilter) =>
  apiUrl("analyticsCsv", {}, { table, ...filter });

export const auditQuery = (filter: AuditFilter, page: number) =>
  queryOptions({
    queryKey: adminKeys.auditPage(filter, page),
    queryFn: () => apiRequest(apiRoute("audit", {}, { ...filter, page })),
    placeholderData: (previous) => previous,
  });

export const auditCsvUrl = (filter: AuditFilter) => apiUrl("auditCsv", {}, { ...filter });

export const editCompanyMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: ({ id, patch }: { id: string; patch: CompanyPatch }) =>
      apiRequest(apiRoute("editCompany", { id }), patch),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.companies });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });

/** Every admin query: after the channel reconnects, whatever it missed is refetched. */
export function isAdminKey(key: QueryKey): boolean {
  return typeof key[0] === "string" && key[0].startsWith("/api/admin");
}

export const adminStatsQuery = queryOptions({
  queryKey: adminKeys.stats,
  queryFn: () => apiRequest(apiRoute("adminStats")),
});

export interface UserPage {
  users: User[];
  total: number;
}

export const userPageQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.userPage(search, page),
    queryFn: async (): Promise<UserPage> => {
      const res = await fetch(apiUrl("users", {}, { page, search }), { credentials: "include" });
      await throwIfNotOk(res);
      const users = (await res.json()) as User[];
      return { users, total: Number(res.headers.get(TOTAL_COUNT_HEADER) ?? users.length) };
    },
    placeholderData: (previous) => previous,
  });

export const adminUserQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.user(id), queryFn: () => apiRequest(apiRoute("user", { id })) });

export const companiesQuery = queryOptions({
  queryKey: adminKeys.companies,
  queryFn: () => apiRequest(apiRoute("companies")),
});

export const conversationsQuery = queryOptions({
  queryKey: adminKeys.conversations,
  queryFn: () => apiRequest(apiRoute("allConversations")),
});

export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.conversation(id),
    queryFn: () => apiRequest(apiRoute("anyConversation", { id })),
  });

export const conversationMessagesQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.conversationMessages(id),
    queryFn: () => apiRequest(apiRoute("anyConversationMessages", { id })),
  });

export const conversationToolCallsQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.conversationToolCalls(id),
    queryFn: () => apiRequest(apiRoute("adminToolCalls", { id })),
  });

export const voiceConversationsQuery = queryOptions({
  queryKey: adminKeys.voiceConversations,
  queryFn: () => apiRequest(apiRoute("allVoiceConversations")),
});

export const voiceMessagesQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.voiceMessages(id),
    queryFn: () => apiRequest(apiRoute("anyVoiceMessages", { id })),
  });

export const errorReportsQuery = (filter: ReportFilter) =>
  queryOptions({
    queryKey: adminKeys.errorReportList(filter),
    queryFn: () => apiRequest(apiRoute("errorReports", {}, { filter })),
  });

export const setApprovalMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: ({ id, approved }: { id: string; approved: boolean }) =>
      apiRequest(apiRoute("approveUser", { id }), { approved }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.users });
      void queryClient.invalidateQueries({ queryKey: adminKeys.companies });
      // The live channel pushes new stats too; this keeps them right while it reconnects.
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
    },
  });

export const resetPasswordMutation = () =>
  mutationOptions({
    mutationFn: ({ id, newPassword }: { id: string; newPassword: string }) =>
      apiRequest(apiRoute("resetPassword", { id }), { newPassword }),
  });

export const resolveReportMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (id: string) => apiRequest(apiRoute("resolveErrorReport", { id })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.errorReports });
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
    },
  });

export const resetAllMutation = () =>
  mutationOptions({
    mutationFn: () => apiRequest(apiRoute("resetAll"), { confirm: "RESET" }),
  });
