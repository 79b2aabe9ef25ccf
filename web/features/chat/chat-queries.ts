/** Query keys and fetchers for conversations and messages, kept together (STYLE.md 6). */
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiRoute } from "../../../contracts/api-routes";
import type { ConversationUpdate } from "../../../contracts/chat";
import { apiRequest } from "../../lib/api";

export const chatKeys = {
  conversations: ["/api/conversations"] as const,
  messages: (conversationId: string) => ["/api/conversations", conversationId, "messages"] as const,
  search: (words: string) => ["/api/conversations/search", words] as const,
};

export const conversationListQuery = queryOptions({
  queryKey: chatKeys.conversations,
  queryFn: () => apiRequest(apiRoute("conversations")),
});

export const conversationMessagesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: chatKeys.messages(conversationId),
    queryFn: () => apiRequest(apiRoute("conversationMessages", { id: conversationId })),
  });

/** A turn changes the transcript, the conversation list, the agent's chat count and the dashboard. */
export async function invalidateAfterTurn(queryClient: QueryClient, conversationId: string | null): Promise<void> {
  // A new conversation's first load may still be on its way, begun before the reply was stored;
  // an invalidation would only join that fetch (it has no data yet to cancel), so cancel it first.
  if (conversationId) await queryClient.cancelQueries({ queryKey: chatKeys.messages(conversationId) });
  await Promise.all([
    conversationId ? queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) }) : undefined,
    queryClient.invalidateQueries({ queryKey: chatKeys.conversations, exact: true }),
    queryClient.invalidateQueries({ queryKey: ["/api/agents"] }),
    queryClient.invalidateQueries({ queryKey: ["/api/dashboard"] }),
  ]);
}

/** The person's conversations holding every word typed, each with where it matched. */
export const conversationSearchQuery = (words: string) =>
  queryOptions({
    queryKey: chatKeys.search(words),
    queryFn: () => apiRequest(apiRoute("searchConversations", {}, { q: words })),
    enabled: words.trim().length > 0,
  });

/** Shows the branch through one of a message's versions; answers the new transcript. */
export const chooseBranch = (conversationId: string, messageId: string) =>
  apiRequest(apiRoute("chooseBranch", { id: conversationId }), { messageId });

export const updateConversation = (id: string, change: ConversationUpdate) =>
  apiRequest(apiRoute("updateConversation", { id }), change);

export const deleteConversation = (id: string) => apiRequest(apiRoute("deleteConversation", { id }));

export const restoreConversation = (id: string) => apiRequest(apiRoute("restoreConversation", { id }));

/** After a rename, pin, delete or restore: the list and any search results show it. */
export async function invalidateConversationLists(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: chatKeys.conversations, exact: true }),
    queryClient.invalidateQueries({ queryKey: ["/api/conversations/search"] }),
    queryClient.invalidateQueries({ queryKey: ["/api/dashboard"] }),
  ]);
}
