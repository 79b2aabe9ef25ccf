/** Plain (db, params) queries for conversations, messages and company warnings. */
import { and, desc, eq, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { MessageStatus } from "../../contracts/chat.js";
import type { Db } from "../db/connect.js";
import { agents, companyWarnings, conversations, messages } from "../db/schema.js";

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ConversationKind = ConversationRow["kind"];

export async function insertConversation(db: Db, values: typeof conversations.$inferInsert): Promise<{ id: string }> {
  const [row] = await db.insert(conversations).values(values).returning({ id: conversations.id });
  return row;
}

export async function findConversationOfUser(
  db: Db,
  userId: string,
  id: string,
  kind?: ConversationKind,
): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, id),
        eq(conversations.userId, userId),
        kind ? eq(conversations.kind, kind) : undefined,
        // Deleted by its person: gone for them until restored (admins read it through their own queries).
        isNull(conversations.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The person's conversations of a kind, pinned first, newest first; deleted ones are left out. */
export function listConversationsOfUser(db: Db, userId: string, kind: ConversationKind): Promise<ConversationRow[]> {
  return db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.kind, kind), isNull(conversations.deletedAt)))
    .orderBy(desc(conversations.pinned), desc(conversations.updatedAt), desc(conversations.createdAt));
}

/**
 * Renames and/or pins the person's own, not deleted conversation; null when there is none.
 * updatedAt stays: a rename is not a new message, and the list is ordered by activity.
 */
export async function updateConversationOfUser(
  db: Db,
  params: { userId: string; id: string; kind: ConversationKind; title?: string; pinned?: boolean },
): Promise<ConversationRow | null> {
  const [row] = await db
    .update(conversations)
    .set({
      ...(params.title !== undefined ? { title: params.title } : {}),
      ...(params.pinned !== undefined ? { pinned: params.pinned } : {}),
    })
    .where(
      and(
        eq(conversations.id, params.id),
        eq(conversations.userId, params.userId),
        eq(conversations.kind, params.kind),
        isNull(conversations.deletedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Marks the person's own conversation deleted (`deletedAt` a date) or restores it (null). The
 * row and its messages stay. Deleting twice keeps the first date; null when there is none.
 */
export async function setConversationDeletedOfUser(
  db: Db,
  params: { userId: string; id: string; kind: ConversationKind; deletedAt: Date | null },
): Promise<ConversationRow | null> {
  const [row] = await db
    .update(conversations)
    .set({ deletedAt: params.deletedAt ? sql`coalesce(${conversations.deletedAt}, ${params.deletedAt})` : null })
    .where(
      and(
        eq(conversations.id, params.id),
        eq(conversations.userId, params.userId),
        eq(conversations.kind, params.kind),
      ),
    )
    .returning();
  return row ?? null;
}

export function listMessagesOfConversation(db: Db, conversationId: string): Promise<MessageRow[]> {
  return db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(messages.createdAt);
}

/**
 * Counts `added` new messages and bumps updatedAt, but only while the conversation is not
 * locked — the lock check and the write are one statement, so two racing turns cannot both
 * slip past a lock. Optionally sets a new lock. False when the conversation is locked.
 */
export async function touchUnlockedConversation(
  db: Db,
  params: { id: string; added: number; now: Date; lockUntil?: Date },
): Promise<boolean> {
  const rows = await db
    .update(conversations)
    .set({
      messageCount: sql`${conversations.messageCount} + ${params.added}`,
      updatedAt: params.now,
      ...(params.lockUntil ? { lockedUntil: params.lockUntil } : {}),
    })
    .where(
      and(
        eq(conversations.id, params.id),
        or(isNull(conversations.lockedUntil), lte(conversations.lockedUntil, params.now)),
      ),
    )
    .returning({ id: conversations.id });
  return rows.length > 0;
}

export async function lockedUntilOf(db: Db, id: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: conversations.lockedUntil })
    .from(conversations)
    .where(eq(conversations.id, id))
    .limit(1);
  return row?.lockedUntil ?? null;
}

export interface NewMessage {
  /** Given when the turn allocated it up front (a voice turn's `stored` event names it). */
  id?: string;
  /** The user message a reply answers. */
  replyTo?: string | null;
  /** A user message's place in the tree (message-tree-sql.ts activePathEndSql); a reply's is its replyTo. */
  parentId?: SQL | null;
  conversationId: string;
  role: "user" | "assistant";
  content: string;
  status: MessageStatus;
  offline?: boolean;
  language?: string | null;
  now: Date;
}

/**
 * Inserts a message stamped `now`, or 1 ms after the conversation's latest message when that
 * is not earlier: messages carry no sequence number, so their timestamps must order them even
 * under a frozen test clock or clocks that differ between app instances.
 */
export async function insertMessage(db: Db, message: NewMessage): Promise<{ id: string }> {
  const latest = sql`(select max(${messages.createdAt}) from ${messages} where ${messages.conversationId} = ${message.conversationId})`;
  const [row] = await db
    .insert(messages)
    .values({
      ...(message.id ? { id: message.id } : {}),
      replyTo: message.replyTo ?? null,
      // A reply follows its user message; a user message the end of the active path, when given.
      parentId: message.replyTo ?? message.parentId ?? null,
      conversationId: message.conversationId,
      role: message.role,
      content: message.content,
      status: message.status,
      offline: message.offline ?? false,
      language: message.language ?? null,
      createdAt: sql`greatest(${message.now}::timestamptz, ${latest} + interval '1 millisecond')`,
    })
    .returning({ id: messages.id });
  return row;
}

/**
 * Deletes a user message of the conversation and (through the key) its replies, and takes
 * them off the conversation's count: a voice turn the client cancelled and sent again whole.
 */
export async function deleteReplacedMessage(db: Db, conversationId: string, id: string): Promise<void> {
  const replies = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.replyTo, id)));
  const gone = (await replies).length;
  const deleted = await db
    .delete(messages)
    .where(and(eq(messages.id, id), eq(messages.conversationId, conversationId), eq(messages.role, "user")))
    .returning({ id: messages.id });
  if (deleted.length === 0) return;
  await db
    .update(conversations)
    .set({ messageCount: sql`greatest(0, ${conversations.messageCount} - ${deleted.length + gone})` })
    .where(eq(conversations.id, conversationId));
}

/** chatsSent counts text turns only; voice conversations are counted by callsSent. */
export async function incrementChatsSentForTextTurn(db: Db, agentId: string, conversationId: string): Promise<void> {
  await db
    .update(agents)
    .set({ chatsSent: sql`${agents.chatsSent} + 1` })
    .where(
      and(
        eq(agents.id, agentId),
        sql`exists (select 1 from conversations c where c.id = ${conversationId} and c.kind = 'text')`,
      ),
    );
}

export async function insertCompanyWarning(db: Db, values: typeof companyWarnings.$inferInsert): Promise<void> {
  await db.insert(companyWarnings).values(values);
}

/** Whether the conversation is locked at `now` (for callers that hold only a row). */
export function isLocked(row: Pick<ConversationRow, "lockedUntil">, now: Date): boolean {
  return row.lockedUntil !== null && row.lockedUntil > now;
}

/** Postgres's foreign_key_violation, whether the driver's error is thrown as is or wrapped by drizzle. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; typeof e === "object" && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23503") return true;
  }
  return false;
}
