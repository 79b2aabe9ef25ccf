/** The one place conversation and message rows become the API's payloads. */
import type { ChatMessage, ConversationSummary } from "../../contracts/chat.js";
import { isLocked, type ConversationRow, type MessageRow } from "./queries.js";

export function toConversationSummary(row: ConversationRow, now: Date): ConversationSummary {
  const locked = isLocked(row, now);
  return {
    id: row.id,
    agentId: row.agentId,
    agentName: row.agentName,
    title: row.title,
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    securityLock: locked,
    // An expired lock is history, not state: the client sees null once it has passed.
    lockedUntil: locked && row.lockedUntil ? row.lockedUntil.toISOString() : null,
    pinned: row.pinned,
  };
}

export function toChatMessage(row: MessageRow, siblingIds: string[] = [row.id]): ChatMessage {
  const createdAt = row.createdAt.toISOString();
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.role,
    content: row.content,
    status: row.status,
    offline: row.offline,
    language: row.language,
    citations: row.citations ?? [],
    createdAt,
    timestamp: createdAt,
    siblingIds,
    authorName: row.authorName,
  };
}
