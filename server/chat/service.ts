/**
 * Text chat rules: which agent and conversation a message may go to, conversation creation
 * with a title from the first message, and the caller's own conversation list and messages:
 * renamed, pinned, deleted (softly, so undo restores it and admins still read it) and searched.
 * The turn itself (storage, lock, model) lives in turn.ts, shared with voice.
 */
import type { FastifyBaseLogger } from "fastify";
import {
  conversationSearchTerms,
  type ChatMessage,
  type ChatRequest,
  type ChatResponse,
  type ConversationSearchResult,
  type ConversationSummary,
} from "../../contracts/chat.js";
import { DEFAULT_LANGUAGE } from "../../contracts/voice.js";
import type { UserRow } from "../auth/user-view.js";
import type { FeatureDeps } from "../feature-deps.js";
import { apiError, HttpError } from "../http/http-error.js";
import { toConversationSummary } from "../conversations/conversation-view.js";
import {
  listConversationsOfUser,
  setConversationDeletedOfUser,
  updateConversationOfUser,
  type ConversationRow,
} from "../conversations/queries.js";
import { titleFromMessage } from "../conversations/titles.js";
import { searchConversationsOfUser } from "../conversations/search-queries.js";
import { searchSnippet } from "./search-snippet.js";
import { chooseActiveMessage, findMessageInConversation } from "../conversations/branch-queries.js";
import { findOwnConversation, listOwnMessages } from "../conversations/own-records.js";
import { isUuid } from "../http/ids.js";
import { beginConversationTurn, type StartedTurn } from "../conversations/turn.js";

/** A turn that failed after its conversation existed: the answer names the conversation. */
export class ChatTurnFailedError extends HttpError {
  constructor(
    cause: HttpError,
    readonly conversationId: string,
  ) {
    super(cause.statusCode, { ...cause.body, conversationId }, cause.headers);
  }
}

export interface ChatContext {
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/**
 * Resolves agent and conversation, stores the user's message (an edit stores it as another
 * version; a regeneration stores none); the reply is left to stream.
 */
export async function beginChat(
  deps: FeatureDeps,
  user: UserRow,
  agentId: string,
  request: ChatRequest,
  context: ChatContext,
): Promise<{ conversationId: string; turn: StartedTurn }> {
  const { message, branch } = request.regenerateOf
    ? await regeneration(deps, user, request.conversationId ?? "", request.regenerateOf)
    : {
        message: request.message ?? "",
        branch: request.editOf ? ({ kind: "edit", of: request.editOf } as const) : undefined,
      };
  return beginConversationTurn(deps, {
    user,
    agentId,
    // The turn checks, in the same statement, that the conversation is the caller's, a text
    // one and this agent's: posting it to another agent is as unknown as posting a stranger's.
    conversationId: request.conversationId ?? null,
    kind: "text",
    title: titleFromMessage(message),
    message,
    branch,
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

/**
 * The user message a regeneration asks again, and its stored text (the model is never asked
 * words that are not stored): `of` is a reply (its user message) or a user message itself.
 */
async function regeneration(
  deps: FeatureDeps,
  user: UserRow,
  conversationId: string,
  of: string,
): Promise<{ message: string; branch: { kind: "regenerate"; of: string } }> {
  const conversation = await findOwnConversation(deps, user, conversationId, "text");
  const named = await findMessageInConversation(deps.db, conversation.id, of);
  const questionId = named?.role === "user" ? named.id : named?.replyTo;
  const question = questionId ? await findMessageInConversation(deps.db, conversation.id, questionId) : null;
  if (!question || question.role !== "user") throw apiError("MESSAGE_NOT_FOUND");
  return { message: question.content, branch: { kind: "regenerate", of: question.id } };
}

/** The conversation as its person sees it: the active branch, each message with its versions. */
export async function listMessages(deps: FeatureDeps, user: UserRow, conversationId: string): Promise<ChatMessage[]> {
  return listOwnMessages(deps, user, conversationId, "text");
}

/** Shows another version (the branch switcher): the branch through `messageId`, answered as listMessages. */
export async function chooseBranch(
  deps: FeatureDeps,
  user: UserRow,
  conversationId: string,
  messageId: string,
): Promise<ChatMessage[]> {
  const conversation = await findOwnConversation(deps, user, conversationId, "text");
  if (!(await chooseActiveMessage(deps.db, conversation.id, messageId))) throw apiError("MESSAGE_NOT_FOUND");
  return listMessages(deps, user, conversation.id);
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

/** Conversations holding every word typed (each as a substring, any case), with where they matched. */
export async function searchConversations(
  deps: FeatureDeps,
  user: UserRow,
  text: string,
): Promise<ConversationSearchResult[]> {
  const words = conversationSearchTerms(text);
  if (words.length === 0) return [];
  const now = deps.clock.now();
  const rows = await searchConversationsOfUser(deps.db, { userId: user.id, kind: "text", words });
  return rows.map(({ conversation, matchedMessage }) => ({
    ...toConversationSummary(conversation, now),
    snippet: matchedMessage === null ? null : searchSnippet(matchedMessage, words),
  }));
}

function orNotFound(row: ConversationRow | null): ConversationRow {
  if (!row) throw apiError("CONVERSATION_NOT_FOUND");
  return row;
}
