/** A person in the loop (issue 26): the hold's query key beside its fetchers, and the three actions. */
import { queryOptions } from "@tanstack/react-query";
import { apiRoute } from "../../../contracts/api-routes";
import { adminKeys } from "../../lib/admin-queries";
import { apiRequest } from "../../lib/api";

export const takeoverKeys = {
  state: (conversationId: string) => ["/api/conversations", conversationId, "takeover"] as const,
  detail: (conversationId: string) => ["/api/live-conversations", conversationId] as const,
  live: adminKeys.liveConversations,
};

export const takeoverStateQuery = (conversationId: string) =>
  queryOptions({
    queryKey: takeoverKeys.state(conversationId),
    queryFn: () => apiRequest(apiRoute("takeover", { id: conversationId })),
  });

/** One conversation with its messages, for an admin or its agent's owner (the owner's conversation page). */
export const liveConversationQuery = (conversationId: string) =>
  queryOptions({
    queryKey: takeoverKeys.detail(conversationId),
    queryFn: () => apiRequest(apiRoute("liveConversation", { id: conversationId })),
  });

export const liveConversationsQuery = queryOptions({
  queryKey: takeoverKeys.live,
  queryFn: () => apiRequest(apiRoute("allLiveConversations")),
});

/** Changes arrive live (the admin channel, or the owner's event stream); this only ages out quiet conversations. */
const LIVE_REFRESH_MS = 60_000;

/** The live view's list: everyone's for an admin, their own agents' for anyone else. */
export const liveViewQuery = (isAdmin: boolean) => {
  const route = apiRoute(isAdmin ? "allLiveConversations" : "liveConversations");
  return queryOptions({
    queryKey: [route.url] as readonly string[],
    queryFn: () => apiRequest(route),
    refetchInterval: LIVE_REFRESH_MS,
  });
};

export const takeOver = (conversationId: string) => apiRequest(apiRoute("takeOver", { id: conversationId }));
export const handBack = (conversationId: string) => apiRequest(apiRoute("release", { id: conversationId }));
export const sendHumanMessage = (conversationId: string, text: string) =>
  apiRequest(apiRoute("sendHumanMessage", { id: conversationId }), { text });
