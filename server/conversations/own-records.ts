/**
 * The agent (own or shared with the caller's company) and the caller's own conversation, as the
 * chat and voice routes look them up outside a turn: missing and not-yours are the same 404, and
 * a malformed id names nothing.
 */
import type { AgentRow } from "../agents/agent-view.js";
import { findAgentVisibleTo } from "../agents/queries.js";
import type { UserRow } from "../auth/user-view.js";
import type { FeatureDeps } from "../feature-deps.js";
import { apiError } from "../http/http-error.js";
import type { ChatMessage } from "../../contracts/chat.js";
import { toChatMessage } from "./conversation-view.js";
import { activePath } from "./message-tree.js";
import {
  findConversationOfUser,
  insertConversation,
  listMessagesOfConversation,
  type ConversationKind,
  type ConversationRow,
} from "./queries.js";
import { isUuid } from "../http/ids.js";

export async function createConversation(
  deps: FeatureDeps,
  user: UserRow,
  agent: AgentRow,
  kind: "text" | "voice",
  title: string,
): Promise<{ id: string }> {
  const now = deps.clock.now();
  return insertConversation(deps.db, {
    userId: user.id,
    agentId: agent.id,
    agentName: agent.name,
    kind,
    title,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * The caller's own conversation of that kind (any kind when none is named: the caller checked
 * it already, as a voice turn does); 404 otherwise, whether missing or someone else's.
 */
export async function findOwnConversation(
  deps: FeatureDeps,
  user: UserRow,
  id: string,
  kind: ConversationKind | undefined,
): Promise<ConversationRow> {
  const row = isUuid(id) ? await findConversationOfUser(deps.db, user.id, id, kind) : null;
  if (!row) throw apiError("CONVERSATION_NOT_FOUND");
  return row;
}

/**
 * An agent the caller may talk to, ready to talk: their own or one a colleague shared with
 * their company (each talker keeps their own conversations). 404 when missing or not visible,
 * 409 when inactive.
 */
export async function findOwnActiveAgent(deps: FeatureDeps, user: UserRow, agentId: string): Promise<AgentRow> {
  const agent = isUuid(agentId) ? (await findAgentVisibleTo(deps.db, user.id, agentId))?.agent : null;
  if (!agent) throw apiError("AGENT_NOT_FOUND");
  if (!agent.isActive) throw apiError("AGENT_INACTIVE");
  return agent;
}

/** The caller's own conversation as they see it: the active branch, each message with its versions. */
export async function listOwnMessages(
  deps: FeatureDeps,
  user: UserRow,
  id: string,
  kind: ConversationKind,
): Promise<ChatMessage[]> {
  const conversation = await findOwnConversation(deps, user, id, kind);
  const rows = await listMessagesOfConversation(deps.db, conversation.id);
  return activePath(rows, conversation.activeMessageId).map(({ row, siblingIds }) => toChatMessage(row, siblingIds));
}
