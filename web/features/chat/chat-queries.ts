/** Query keys and fetchers for conversations and messages, kept together (STYLE.md 6). */
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { ChatMessage, ConversationSummary } from "../../../contracts/chat";
import { apiGet } from "../../lib/api";

export const chatKeys = {
  conversations: ["/api/conversations"] as const,
  messages: (conversationId: string) => ["/api/conversations", conversationId, "messages"] as const,
};

export const conversationListQuery = queryOptions({
  queryKey: chatKeys.conversations,
  queryFn: () => apiGet<ConversationSummary[]>("/api/conversations"),
});

export const conversationMessagesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: chatKeys.messages(conversationId),
    queryFn: () => apiGet<ChatMessage[]>(`/api/conversations/${conversationId}/messages`),
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
