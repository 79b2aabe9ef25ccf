/** The record of a conversation's tool calls, and a person's yes or no to one that waits (issue 24). */
import { queryOptions } from "@tanstack/react-query";
import { apiRoute } from "../../../contracts/api-routes";
import { apiRequest } from "../../lib/api";

export const toolCallKeys = {
  ofConversation: (conversationId: string) => ["/api/conversations", conversationId, "tool-calls"] as const,
};

export const conversationToolCallsQuery = (conversationId: string) =>
  queryOptions({
    queryKey: toolCallKeys.ofConversation(conversationId),
    queryFn: () => apiRequest(apiRoute("toolCalls", { id: conversationId })),
  });

export const decideToolCall = (conversationId: string, callId: string, decision: "approve" | "deny") =>
  apiRequest(apiRoute(decision === "approve" ? "approveToolCall" : "denyToolCall", { id: conversationId, callId }));
