/**
 * A person in the loop (issue 26): taking a conversation over from its agent, writing in it,
 * handing it back, and the live view. Who may: admins, and the owner of the conversation's
 * agent; anyone else gets 404, as for the conversation itself. The conversation's own user may
 * watch its live stream.
 *
 * Every change is told twice on the bus: `conversation_changed` for the streams watching that
 * conversation (on whichever instance holds them), and the live view's event for admins.
 */
import type { LiveConversation, LiveConversationDetail, TakeoverState } from "../../contracts/takeover.js";
import { LIVE_WINDOW_MINUTES } from "../../contracts/takeover.js";
import type { UserRow } from "../auth/user-view.js";
import type { FeatureDeps } from "../feature-deps.js";
import { apiError } from "../http/http-error.js";
import { announceChange } from "../conversations/human-hold/announce.js";
import { toChatMessage } from "../conversations/conversation-view.js";
import { activePath } from "../conversations/message-tree.js";
import { isUuid } from "../http/ids.js";
import { listMessagesOfConversation } from "../conversations/queries.js";
import {
  appendMessage,
  dropHold,
  findConversationForTakeover,
  findHold,
  findLiveConversation,
  listLiveConversations,
  takeHold,
  type ConversationForTakeover,
  type Hold,
  type LiveRow,
} from "../conversations/human-hold/queries.js";

type TakeoverDeps = Pick<FeatureDeps, "db" | "clock" | "bus">;

const LIVE_LIST_LIMIT = 200;

/** How the user sees the person: "Sam from Acme". */
export function personLabel(user: Pick<UserRow, "firstName" | "fullName" | "companyName">): string {
  const first = user.firstName?.trim() || user.fullName.trim().split(/\s+/)[0] || "Someone";
  return user.companyName.trim() ? `${first} from ${user.companyName.trim()}` : first;
}

const mayHold = (user: UserRow, conversation: ConversationForTakeover) =>
  user.isAdmin || (conversation.agentOwnerId !== null && conversation.agentOwnerId === user.id);

async function conversationToHold(deps: TakeoverDeps, user: UserRow, id: string) {
  const conversation = isUuid(id) ? await findConversationForTakeover(deps.db, id) : null;
  if (!conversation || !mayHold(user, conversation)) throw apiError("CONVERSATION_NOT_FOUND");
  return conversation;
}

function stateOf(conversationId: string, hold: Hold | null, user: UserRow): TakeoverState {
  return {
    conversationId,
    heldBy: hold?.heldByName ?? null,
    heldByYou: hold?.heldBy === user.id,
    needsHuman: hold?.handoffRequestedAt != null && hold.heldBy === null,
  };
}

export async function takeOverConversation(deps: TakeoverDeps, user: UserRow, id: string): Promise<TakeoverState> {
  const conversation = await conversationToHold(deps, user, id);
  const name = personLabel(user);
  const won = await takeHold(deps.db, {
    conversationId: conversation.id,
    userId: user.id,
    name,
    now: deps.clock.now(),
  });
  if (!won) {
    const hold = await findHold(deps.db, conversation.id);
    throw apiError("CONVERSATION_HELD_BY_OTHER", { heldBy: hold?.heldByName ?? "Someone else" });
  }
  await announceChange(deps, conversation.id, {
    type: "conversation_taken_over",
    conversationId: conversation.id,
    heldBy: name,
  });
  return { conversationId: conversation.id, heldBy: name, heldByYou: true, needsHuman: false };
}

export async function sendHumanMessage(
  deps: TakeoverDeps,
  user: UserRow,
  id: string,
  text: string,
): Promise<{ id: string; createdAt: string }> {
  const conversation = await conversationToHold(deps, user, id);
  const hold = await findHold(deps.db, conversation.id);
  if (hold?.heldBy !== user.id) throw apiError("CONVERSATION_NOT_HELD");
  const saved = await appendMessage(deps.db, {
    conversationId: conversation.id,
    role: "assistant",
    content: text,
    authorName: hold.heldByName,
    now: deps.clock.now(),
  });
  await announceChange(deps, conversation.id);
  return { id: saved.id, createdAt: saved.createdAt.toISOString() };
}

/** Hands the conversation back to its agent. The holder may, and so may an admin (someone left it held). */
export async function releaseConversation(deps: TakeoverDeps, user: UserRow, id: string): Promise<TakeoverState> {
  const conversation = await conversationToHold(deps, user, id);
  const released = await dropHold(deps.db, {
    conversationId: conversation.id,
    holder: user.isAdmin ? null : user.id,
    now: deps.clock.now(),
  });
  if (!released) {
    const hold = await findHold(deps.db, conversation.id);
    if (hold?.heldBy) throw apiError("CONVERSATION_HELD_BY_OTHER", { heldBy: hold.heldByName ?? "Someone else" });
  } else {
    await announceChange(deps, conversation.id, { type: "conversation_released", conversationId: conversation.id });
  }
  return { conversationId: conversation.id, heldBy: null, heldByYou: false, needsHuman: false };
}

/** The conversation's hold as the caller may see it: its user, its agent's owner, or an admin. */
export async function readTakeoverState(deps: TakeoverDeps, user: UserRow, id: string): Promise<TakeoverState> {
  const conversation = isUuid(id) ? await findConversationForTakeover(deps.db, id) : null;
  if (!conversation || !(conversation.userId === user.id || mayHold(user, conversation))) {
    throw apiError("CONVERSATION_NOT_FOUND");
  }
  return stateOf(conversation.id, await findHold(deps.db, conversation.id), user);
}

export async function liveConversations(
  deps: TakeoverDeps,
  user: UserRow,
  scope: "own agents" | "all",
): Promise<LiveConversation[]> {
  const since = new Date(deps.clock.now().getTime() - LIVE_WINDOW_MINUTES * 60_000);
  const rows = await listLiveConversations(deps.db, {
    since,
    ownerId: scope === "all" ? null : user.id,
    limit: LIVE_LIST_LIMIT,
  });
  return rows.map(toLiveConversation);
}

/**
 * One conversation for its agent's owner: its live row and its messages as its user sees them,
 * a person's replies named. 404 for anyone else — admins too, unless they own the agent: they
 * read others' conversations through the admin record, where each read is audited (decision 032).
 */
export async function liveConversation(deps: TakeoverDeps, user: UserRow, id: string): Promise<LiveConversationDetail> {
  const conversation = await conversationToHold(deps, user, id);
  if (conversation.agentOwnerId !== user.id) throw apiError("CONVERSATION_NOT_FOUND");
  const [row, rows] = await Promise.all([
    findLiveConversation(deps.db, conversation.id),
    listMessagesOfConversation(deps.db, conversation.id),
  ]);
  if (!row) throw apiError("CONVERSATION_NOT_FOUND");
  const messages = activePath(rows, conversation.activeMessageId).map((m) => toChatMessage(m.row, m.siblingIds));
  return { conversation: toLiveConversation(row), messages };
}

function toLiveConversation(row: LiveRow): LiveConversation {
  return {
    id: row.id,
    kind: row.kind,
    agentId: row.agentId,
    agentName: row.agentName,
    title: row.title,
    userName: row.userName,
    lastMessage: row.lastMessage,
    updatedAt: row.updatedAt.toISOString(),
    needsHuman: row.handoffRequestedAt !== null && row.heldByName === null,
    heldBy: row.heldByName,
  };
}
