/**
 * Text chat rules: which agent and conversation a message may go to, conversation creation
 * with a title from the first message, and the caller's own conversation list and messages:
 * renamed, pinned, deleted (softly, so undo restores it and admins still read it) and searched.
 * The turn itself (storage, lock, model) lives in turn.ts, shared with voice.
 */
import type { FastifyBaseLogger } from "fastify";
import type {
  ChatMessage,
  ChatRequest,
  ChatResponse,
  ConversationSearchResult,
  ConversationSummary,
} from "../../contracts/chat.js";
import { DEFAULT_LANGUAGE } from "../../contracts/voice.js";
import type { UserRow } from "../auth/user-view.js";
import type { FeatureDeps } from "../feature-deps.js";
import { HttpError } from "../http/http-error.js";
import { toChatMessage, toConversationSummary } from "../conversations/conversation-view.js";
import {
  listConversationsOfUser,
  listMessagesOfConversation,
  searchConversationsOfUser,
  setConversationDeletedOfUser,
  updateConversationOfUser,
  type ConversationRow,
} from "../conversations/queries.js";
import { titleFromMessage } from "../conversations/titles.js";
import { CONVERSATION_NOT_FOUND, findOwnConversation, isUuid } from "../conversations/own-records.js";
import { beginConversationTurn, type StartedTurn } from "../conversations/turn.js";

/** A turn that failed after its conversation existed: the answer names the conversation. */
export class ChatTurnFailedError extends HttpError {
  constructor(
    cause: HttpError,
    readonly conversationId: string,
  ) {
    super(cause.statusCode, cause.message, cause.headers);
  }
}

export interface ChatContext {
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/** Resolves agent and conversation, stores the user's message; the reply is left to stream. */
export async function beginChat(
  deps: FeatureDeps,
  user: UserRow,
  agentId: string,
  request: ChatRequest,
  context: ChatContext,
): Promise<{ conversationId: string; turn: StartedTurn }> {
  return beginConversationTurn(deps, {
    user,
    agentId,
    // The turn checks, in the same statement, that the conversation is the caller's, a text
    // one and this agent's: posting it to another agent is as unknown as posting a stranger's.
    conversationId: request.conversationId ?? null,
    kind: "text",
    title: titleFromMessage(request.message),
    message: request.message,
    language: DEFAULT_LANGUAGE,
    signal: context.signal,
    requestLog: context.log,
  });
}

/** The whole turn as one JSON answer. */
export async function chat(
  deps: FeatureDeps,
  user: UserRow,
  agentId: string,
  request: ChatRequest,
  context: ChatContext,
): Promise<ChatResponse> {
  const { conversationId, turn } = await beginChat(deps, user, agentId, request, context);
  try {
    for await (const event of turn.events) {
      if (event.type === "done") {
        const { response, securityLock, offline, citations } = event;
        return { conversationId, response, securityLock, offline, citations };
      }
    }
  } catch (error) {
    // A first message's conversation exists by now; the client needs its id to show it and retry.
    if (error instanceof HttpError) throw new ChatTurnFailedError(error, conversationId);
    throw error;
  }
  // runConversationTurn always ends with "done" or throws; reaching here is a bug.
  throw new Error("The chat turn ended without a reply");
}

export async function listConversations(deps: FeatureDeps, user: UserRow): Promise<ConversationSummary[]> {
  const now = deps.clock.now();
  return (await listConversationsOfUser(deps.db, user.id, "text")).map((row) => toConversationSummary(row, now));
}

export async function listMessages(deps: FeatureDeps, user: UserRow, conversationId: string): Promise<ChatMessage[]> {
  const conversation = await findOwnConversation(deps, user, conversationId, "text");
  return (await listMessagesOfConversation(deps.db, conversation.id)).map(toChatMessage);
}

/** A rename and/or a pin of the caller's own conversation; 404 for a deleted or someone else's. */
export async function updateConversation(
  deps: FeatureDeps,
  user: UserRow,
  id: string,
  change: { title?: string; pinned?: boolean },
): Promise<ConversationSummary> {
  const row = isUuid(id)
    ? await updateConversationOfUser(deps.db, { userId: user.id, id, kind: "text", ...change })
    : null;
  return toConversationSummary(orNotFound(row), deps.clock.now());
}

/** Hides the caller's conversation from their lists; its messages stay, for undo and for admins. */
export async function deleteConversation(deps: FeatureDeps, user: UserRow, id: string): Promise<void> {
  const now = deps.clock.now();
  orNotFound(
    isUuid(id)
      ? await setConversationDeletedOfUser(deps.db, { userId: user.id, id, kind: "text", deletedAt: now })
      : null,
  );
}

/** Undo of a delete: the conversation is back in the list where its activity puts it. */
export async function restoreConversation(deps: FeatureDeps, user: UserRow, id: string): Promise<ConversationSummary> {
  const row = isUuid(id)
    ? await setConversationDeletedOfUser(deps.db, { userId: user.id, id, kind: "text", deletedAt: null })
    : null;
  return toConversationSummary(orNotFound(row), deps.clock.now());
}

/** Conversations holding every word typed (each also as a prefix, for a search box), with where they matched. */
export async function searchConversations(
  deps: FeatureDeps,
  user: UserRow,
  text: string,
): Promise<ConversationSearchResult[]> {
  const prefixQuery = prefixTsQuery(text);
  if (!prefixQuery) return [];
  const now = deps.clock.now();
  const rows = await searchConversationsOfUser(deps.db, { userId: user.id, kind: "text", prefixQuery });
  return rows.map(({ conversation, snippet }) => ({ ...toConversationSummary(conversation, now), snippet }));
}

const MAX_SEARCH_WORDS = 8;

/**
 * `to_tsquery` text from what a person typed: letters and digits only (nothing of tsquery's own
 * syntax gets through), lowercased, every word a prefix, all required. Empty when no word.
 */
export function prefixTsQuery(text: string): string {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)]
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => `${word}:*`)
    .join(" & ");
}

function orNotFound(row: ConversationRow | null): ConversationRow {
  if (!row) throw new HttpError(404, CONVERSATION_NOT_FOUND);
  return row;
}
