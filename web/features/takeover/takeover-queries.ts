/** A person in the loop (issue 26): the hold's query key beside its fetchers, and the three actions. */
import { queryOptions } from "@tanstack/react-query";
import type { LiveConversation, LiveConversationDetail, TakeoverState } from "../../../contracts/takeover";
import { adminKeys } from "../../lib/admin-queries";
import { apiGet, apiRequest } from "../../lib/api";

export const takeoverKeys = {
  state: (conversationId: string) => ["/api/conversations", conversationId, "takeover"] as const,
  detail: (conversationId: string) => ["/api/live-conversations", conversationId] as const,
  live: adminKeys.liveConversations,
};

export const takeoverStateQuery = (conversationId: string) =>
  queryOptions({
    queryKey: takeoverKeys.state(conversationId),
    queryFn: () => apiGet<TakeoverState>(`/api/conversations/${conversationId}/takeover`),
  });

/** One conversation with its messages, for an admin or its agent's owner (the owner's conversation page). */
export const liveConversationQuery = (conversationId: string) =>
  queryOptions({
    queryKey: takeoverKeys.detail(conversationId),
    queryFn: () => apiGet<LiveConversationDetail>(`/api/live-conversations/${conversationId}`),
  });

export const liveConversationsQuery = queryOptions({
  queryKey: takeoverKeys.live,
  queryFn: () => apiGet<LiveConversation[]>("/api/admin/live-conversations"),
});

/** Changes arrive live (the admin channel, or the owner's event stream); this only ages out quiet conversations. */
const LIVE_REFRESH_MS = 60_000;

/** The live view's list: everyone's for an admin, their own agents' for anyone else. */
export const liveViewQuery = (isAdmin: boolean) => {
  const path = isAdmin ? "/api/admin/live-conversations" : "/api/live-conversations";
  return queryOptions({
    queryKey: [path] as readonly string[],
    queryFn: () => apiGet<LiveConversation[]>(path),
    refetchInterval: LIVE_REFRESH_MS,
  });
};

export const takeOver = (conversationId: string) =>
  apiRequest<TakeoverState>("POST", `/api/conversations/${conversationId}/takeover`);
export const handBack = (conversationId: string) =>
  apiRequest<TakeoverState>("POST", `/api/conversations/${conversationId}/release`);
export const sendHumanMessage = (conversationId: string, text: string) =>
  apiRequest<{ id: string }>("POST", `/api/conversations/${conversationId}/human-messages`, { text });
