/**
 * A person's yes or no to a tool call that waits for it, and the record of a conversation's
 * calls (issue 24). Only the conversation's own person decides; the decision is recorded (who,
 * when) and audited before the waiting turn is woken.
 */
import type { ToolCallStep } from "../../contracts/tool-calls.js";
import type { UserRow } from "../auth/user-view.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/connect.js";
import { apiError } from "../http/http-error.js";
import { isUuid } from "../http/ids.js";
import { findConversationOfUser } from "../conversations/queries.js";
import { insertToolAudit } from "../tools/queries.js";
import { deliverToolCallDecision, isAwaitingDecision, type ToolCallDecision } from "../tools/tool-approvals.js";
import {
  decideToolCallRow,
  findToolCallOfUser,
  listToolCallsOfConversation,
  type ToolCallRecord,
} from "../tools/tool-call-queries.js";

export function toToolCallStep(row: ToolCallRecord): ToolCallStep {
  return {
    id: row.id,
    messageId: row.messageId,
    name: row.name,
    arguments: row.arguments,
    outcome: row.outcome as ToolCallStep["outcome"],
    summary: row.resultSummary,
    ms: row.durationMs,
    decidedBy: row.decidedBy,
    decidedByName: row.decidedByName,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function decideToolCall(
  deps: { db: Db; clock: Clock },
  user: UserRow,
  conversationId: string,
  callId: string,
  decision: ToolCallDecision,
): Promise<ToolCallStep> {
  if (!isUuid(conversationId) || !isUuid(callId)) throw apiError("TOOL_CALL_NOT_FOUND");
  const call = await findToolCallOfUser(deps.db, user.id, conversationId, callId);
  if (!call) throw apiError("TOOL_CALL_NOT_FOUND");
  // The turn that asked must still be waiting here: a decision nobody will act on is refused, not stored.
  if (call.outcome !== "awaiting_approval" || !isAwaitingDecision(callId)) throw apiError("TOOL_CALL_NOT_WAITING");
  const now = deps.clock.now();
  const decided = await deps.db.transaction(async (tx) => {
    const changed = await decideToolCallRow(tx, callId, {
      outcome: decision === "approved" ? "running" : "denied",
      decidedBy: user.id,
      decidedAt: now,
    });
    if (!changed) return false;
    const action = decision === "approved" ? "tool_call.approve" : "tool_call.deny";
    await insertToolAudit(tx, user, action, { type: "tool_call", id: callId }, now, {
      conversationId,
      name: call.name,
      arguments: call.arguments,
    });
    return true;
  });
  if (!decided) throw apiError("TOOL_CALL_NOT_WAITING");
  deliverToolCallDecision(callId, decision);
  return toToolCallStep({
    ...call,
    outcome: decision === "approved" ? "running" : "denied",
    decidedBy: user.id,
    decidedByName: user.fullName,
    decidedAt: now,
  });
}

/** The calls of a person's own conversation, oldest first. */
export async function listOwnToolCalls(
  deps: { db: Db },
  user: UserRow,
  conversationId: string,
): Promise<ToolCallStep[]> {
  if (!isUuid(conversationId)) throw apiError("CONVERSATION_NOT_FOUND");
  const conversation = await findConversationOfUser(deps.db, user.id, conversationId);
  if (!conversation) throw apiError("CONVERSATION_NOT_FOUND");
  return (await listToolCallsOfConversation(deps.db, conversationId)).map(toToolCallStep);
}

/** Any conversation's calls, for the admin's conversation view. */
export async function listToolCallsForAdmin(deps: { db: Db }, conversationId: string): Promise<ToolCallStep[]> {
  if (!isUuid(conversationId)) throw apiError("CONVERSATION_NOT_FOUND");
  return (await listToolCallsOfConversation(deps.db, conversationId)).map(toToolCallStep);
}
