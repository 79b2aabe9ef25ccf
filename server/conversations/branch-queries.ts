/**
 * The reads and the one write of message branches outside a turn: a message of a conversation
 * (to resolve what a regeneration asks again) and the conversation's chosen branch.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { conversations, messages } from "../db/schema.js";
import type { MessageRow } from "./queries.js";

export async function findMessageInConversation(
  db: Db,
  conversationId: string,
  messageId: string,
): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
    .limit(1);
  return row ?? null;
}

/**
 * Shows the branch through `messageId`, one of the conversation's own messages; the check and
 * the write are one statement. False when the message is not the conversation's.
 */
export async function chooseActiveMessage(db: Db, conversationId: string, messageId: string): Promise<boolean> {
  const rows = await db
    .update(conversations)
    .set({ activeMessageId: messageId })
    .where(
      and(
        eq(conversations.id, conversationId),
        sql`exists (select 1 from ${messages} m where m.id = ${messageId} and m.conversation_id = ${conversationId})`,
      ),
    )
    .returning({ id: conversations.id });
  return rows.length > 0;
}
