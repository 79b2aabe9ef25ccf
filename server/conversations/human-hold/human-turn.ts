/**
 * The turn engine's hook for a person in the loop (issue 26), called before the model is asked:
 *
 * - a conversation a person holds: the user's message is stored and goes to that person live;
 *   the model is never called for it;
 * - a message asking for a person (handoff-request.ts): it is stored with the notice in the
 *   user's language, the conversation is flagged and admins are told live; the model is not
 *   asked this turn, and answers the next ones as usual until someone takes over;
 * - the first message after nobody joined within the wait: the user is told so (in their
 *   language) and the flag is cleared; the model answers the next message as usual.
 *
 * Otherwise it returns null and the turn runs as before. Its cost on the ordinary path is one
 * primary-key read of a table that holds only conversations ever handed to a person.
 */
import type { FeatureDeps } from "../../feature-deps.js";
import { apiError } from "../../http/http-error.js";
import { findOwnActiveAgent, findOwnConversation } from "../own-records.js";
import { lockedOrMissing } from "../locking-turn.js";
import { insertConversation, isLocked, type ConversationRow } from "../queries.js";
import type { StartedTurn, TurnEvent, TurnRequest } from "../turn-types.js";
import type { LanguageCode } from "../../../contracts/voice-languages.js";
import { detectLanguage } from "../language-detect.js";
import { HANDOFF_NOTICES, HANDOFF_UNANSWERED_NOTICES, handoffLanguage } from "./handoff-request.js";
import { appendMessage, clearHandoff, findHold, flagHandoff } from "./queries.js";
import { announceChange } from "./announce.js";

type HumanTurn = { conversationId: string; turn: StartedTurn } | null;

export async function humanTurn(deps: FeatureDeps, request: TurnRequest, now: Date): Promise<HumanTurn> {
  const hold = request.conversationId ? await findHold(deps.db, request.conversationId) : null;
  if (hold?.heldBy) return heldTurn(deps, request, hold.heldByName ?? "", now);
  if (request.branch || request.replaces) return null;
  const wait = deps.config.HANDOFF_WAIT_MINUTES;
  const language = handoffLanguage(request.message);
  if (language) return handoffTurn(deps, request, HANDOFF_NOTICES[language](wait), now);
  const askedAt = hold?.handoffRequestedAt?.getTime();
  if (askedAt !== undefined && now.getTime() - askedAt >= wait * 60_000) {
    const told = detectLanguage(request.message) ?? noticeLanguage(request.language);
    return unansweredTurn(deps, request, HANDOFF_UNANSWERED_NOTICES[told](wait), now);
  }
  return null;
}

/** The request's language when a notice exists in it, else English. */
function noticeLanguage(language: string | undefined): LanguageCode {
  return language && language in HANDOFF_UNANSWERED_NOTICES ? (language as LanguageCode) : "en-US";
}

/** Nobody joined in time: the user's message is stored with the notice, and the flag cleared. */
async function unansweredTurn(deps: FeatureDeps, request: TurnRequest, notice: string, now: Date): Promise<HumanTurn> {
  const conversationId = request.conversationId ?? "";
  await ownUnlockedConversation(deps, request, request.agentId, now);
  const asked = await storeWithNotice(deps, request, conversationId, notice, now);
  await clearHandoff(deps.db, conversationId);
  await announceChange(deps, conversationId, { type: "conversation_active", conversationId });
  return { conversationId, turn: { userMessageId: asked.id, events: finished(deps, notice) } };
}

async function heldTurn(deps: FeatureDeps, request: TurnRequest, heldBy: string, now: Date): Promise<HumanTurn> {
  const conversationId = request.conversationId ?? "";
  // Edits and regenerations would ask the model: not while a person answers.
  if (request.branch || request.replaces) throw apiError("CONVERSATION_HELD_BY_OTHER", { heldBy });
  await ownUnlockedConversation(deps, request, request.agentId, now);
  const asked = await storeWithNotice(deps, request, conversationId, "", now);
  await announceChange(deps, conversationId, { type: "conversation_active", conversationId });
  return { conversationId, turn: { userMessageId: asked.id, events: finished(deps, "") } };
}

async function handoffTurn(deps: FeatureDeps, request: TurnRequest, notice: string, now: Date): Promise<HumanTurn> {
  const agent = await findOwnActiveAgent(deps, request.user, request.agentId);
  let conversationId = request.conversationId;
  if (conversationId) {
    await ownUnlockedConversation(deps, request, agent.id, now);
  } else {
    const created = await insertConversation(deps.db, {
      userId: request.user.id,
      agentId: agent.id,
      agentName: agent.name,
      kind: request.kind ?? "text",
      title: request.title,
      createdAt: now,
      updatedAt: now,
    });
    conversationId = created.id;
  }
  const asked = await storeWithNotice(deps, request, conversationId, notice, now);
  await flagHandoff(deps.db, conversationId, now);
  request.requestLog?.info({ conversationId }, "handoff to a person requested");
  await announceChange(deps, conversationId, { type: "handoff_requested", conversationId, agentName: agent.name });
  return { conversationId, turn: { userMessageId: asked.id, events: finished(deps, notice) } };
}

/** Stores the user's message and, unless `notice` is empty (a person answers instead), the app's notice as its reply. */
async function storeWithNotice(
  deps: FeatureDeps,
  request: TurnRequest,
  conversationId: string,
  notice: string,
  now: Date,
): Promise<{ id: string }> {
  const asked = await appendMessage(deps.db, {
    conversationId,
    role: "user",
    content: request.message,
    language: request.language,
    now,
  });
  if (notice)
    await appendMessage(deps.db, { conversationId, role: "assistant", content: notice, replyTo: asked.id, now });
  return asked;
}

/** The caller's conversation with this agent, refused as the model path would: 404, or 423 while locked. */
async function ownUnlockedConversation(
  deps: FeatureDeps,
  request: TurnRequest,
  agentId: string,
  now: Date,
): Promise<ConversationRow> {
  const id = request.conversationId ?? "";
  // A voice turn names no kind: its route found the caller's own call already.
  const conversation = await findOwnConversation(deps, request.user, id, request.kind);
  if (conversation.agentId !== agentId) throw apiError("CONVERSATION_NOT_FOUND");
  if (isLocked(conversation, now)) throw await lockedOrMissing(deps, id, now);
  return conversation;
}

async function* finished(deps: FeatureDeps, response: string): AsyncGenerator<TurnEvent> {
  yield { type: "done", response, securityLock: false, offline: deps.llm.kind === "offline", citations: [] };
}
