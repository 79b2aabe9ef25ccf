/** The record of a conversation's tool calls, and a person's yes or no to one that waits (issue 24). */
import { queryOptions } from "@tanstack/react-query";
import type { ToolCallStep } from "../../../contracts/tool-calls";
import { apiGet, apiRequest } from "../../lib/api";

export const toolCallKeys = {
  ofConversation: (conversationId: string) => ["/api/conversations", conversationId, "tool-calls"] as const,
};

export const conversationToolCallsQuery = (conversationId: string) =>
  queryOptions({
    queryKey: toolCallKeys.ofConversation(conversationId),
    queryFn: () => apiGet<ToolCallStep[]>(`/api/conversations/${conversationId}/tool-calls`),
  });

export const decideToolCall = (conversationId: string, callId: string, decision: "approve" | "deny") =>
  apiRequest<ToolCallStep>("POST", `/api/conversations/${conversationId}/tool-calls/${callId}/${decision}`);
