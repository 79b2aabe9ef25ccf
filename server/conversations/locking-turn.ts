/**
 * The turn whose message trips the security lock: the message is stored as "blocked" with a
 * "blocked" notice after it (the model never sees either), the conversation is locked, the
 * company warned, a person asked for (issue 26: the flag on Live, which a person may take over
 * and answer while the user waits out the lock) and live admins told. Rare, so it favours plain
 * steps over round trips.
 */
import { SECURITY_LOCK_NOTICE } from "../../contracts/chat.js";
import { sql } from "drizzle-orm";
import type { FeatureDeps } from "../feature-deps.js";
import { apiError, HttpError } from "../http/http-error.js";
import { announceLock, ConversationLockedError, lockEndsAt, recordCompanyWarning } from "./security-lock/lock.js";
import {
  deleteReplacedMessage,
  incrementChatsSentForTextTurn,
  insertConversation,
  insertMessage,
  lockedUntilOf,
  touchUnlockedConversation,
} from "./queries.js";
import { activePathEndSql } from "./message-tree-sql.js";
import { announceChange } from "./human-hold/announce.js";
import { flagHandoff } from "./human-hold/queries.js";
import type { StartedTurn, TurnEvent, TurnInput } from "./turn-types.js";

export async function startLockingTurn(
  deps: FeatureDeps,
  input: TurnInput,
  rule: string,
  now: Date,
  newConversation?: { id: string; kind: "text" | "voice"; title: string },
): Promise<StartedTurn> {
  const userMessageId = await deps.db.transaction(async (tx) => {
    if (newConversation) {
      await insertConversation(tx, {
        ...newConversation,
        userId: input.user.id,
        agentId: input.agent.id,
        agentName: input.agent.name,
        createdAt: now,
        updatedAt: now,
      });
    }
    const touched = await touchUnlockedConversation(tx, {
      id: input.conversationId,
      added: 2,
      now,
      lockUntil: lockEndsAt(now),
    });
    if (!touched) return null;
    if (input.replaces) await deleteReplacedMessage(tx, input.conversationId, input.replaces);
    const common = { conversationId: input.conversationId, status: "blocked" as const, now };
    const userMessage = await insertMessage(tx, {
      ...common,
      parentId: activePathEndSql(sql`${input.conversationId}`),
      role: "user",
      content: input.message,
      language: input.language,
    });
    await insertMessage(tx, {
      ...common,
      id: input.assistantMessageId,
      replyTo: userMessage.id,
      role: "assistant",
      content: SECURITY_LOCK_NOTICE,
    });
    await incrementChatsSentForTextTurn(tx, input.agent.id, input.conversationId);
    await recordCompanyWarning(tx, {
      user: input.user,
      agent: input.agent,
      conversationId: input.conversationId,
      rule,
      now,
    });
    await flagHandoff(tx, input.conversationId, now);
    return userMessage.id;
  });
  if (!userMessageId) throw await lockedOrMissing(deps, input.conversationId, now);

  input.requestLog?.warn({ conversationId: input.conversationId, rule }, "security lock set");
  try {
    await announceLock(deps.bus, input.user, input.agent);
    await announceChange(deps, input.conversationId, {
      type: "handoff_requested",
      conversationId: input.conversationId,
      agentName: input.agent.name,
    });
  } catch (err) {
    // The lock itself is committed; a lost admin notification must not turn it into an error.
    input.requestLog?.error({ err }, "could not announce the security lock");
  }
  async function* lockedEvents(): AsyncGenerator<TurnEvent> {
    yield {
      type: "done",
      response: SECURITY_LOCK_NOTICE,
      securityLock: true,
      offline: deps.llm.kind === "offline",
      citations: [],
    };
  }
  return { userMessageId, events: lockedEvents() };
}

/** Why a write to the conversation was refused: 423 while locked, else it is gone (404). */
export async function lockedOrMissing(deps: FeatureDeps, conversationId: string, now: Date): Promise<HttpError> {
  const lockedUntil = await lockedUntilOf(deps.db, conversationId);
  if (lockedUntil && lockedUntil > now) return new ConversationLockedError(lockedUntil, now);
  return apiError("CONVERSATION_NOT_FOUND");
}
