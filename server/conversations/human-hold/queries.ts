/**
 * The takeover's statements (issue 26): a conversation's hold, the messages a person writes or a
 * held conversation's user sends, and the live view's list. Plain `(db, params)` functions.
 */
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { agents, conversations, messages, users } from "../../db/schema.js";
import { conversationTakeovers } from "../../db/schema-takeover.js";
import { activePathEndSql } from "../message-tree-sql.js";

export interface Hold {
  heldBy: string | null;
  heldByName: string | null;
  handoffRequestedAt: Date | null;
}

/** The hot path's one read: a primary-key lookup that finds nothing for almost every conversation. */
export async function findHold(db: Db, conversationId: string): Promise<Hold | null> {
  const [row] = await db
    .select({
      heldBy: conversationTakeovers.heldBy,
      heldByName: conversationTakeovers.heldByName,
      handoffRequestedAt: conversationTakeovers.handoffRequestedAt,
    })
    .from(conversationTakeovers)
    .where(eq(conversationTakeovers.conversationId, conversationId))
    .limit(1);
  return row ?? null;
}

export interface ConversationForTakeover {
  id: string;
  userId: string;
  agentId: string | null;
  agentName: string;
  agentOwnerId: string | null;
  kind: "text" | "voice";
  activeMessageId: string | null;
}

export async function findConversationForTakeover(db: Db, id: string): Promise<ConversationForTakeover | null> {
  const [row] = await db
    .select({
      id: conversations.id,
      userId: conversations.userId,
      agentId: conversations.agentId,
      agentName: conversations.agentName,
      agentOwnerId: agents.userId,
      kind: conversations.kind,
      activeMessageId: conversations.activeMessageId,
    })
    .from(conversations)
    .leftJoin(agents, eq(agents.id, conversations.agentId))
    .where(eq(conversations.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Takes the conversation for `userId` unless someone else holds it; true when they hold it now.
 * One statement, so two people pressing "Take over" at once cannot both win.
 */
export async function takeHold(
  db: Db,
  p: { conversationId: string; userId: string; name: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(conversationTakeovers)
    .values({
      conversationId: p.conversationId,
      heldBy: p.userId,
      heldByName: p.name,
      heldSince: p.now,
      handoffRequestedAt: null,
      updatedAt: p.now,
    })
    .onConflictDoUpdate({
      target: conversationTakeovers.conversationId,
      set: {
        heldBy: p.userId,
        heldByName: p.name,
        heldSince: sql`coalesce(${conversationTakeovers.heldSince}, ${p.now}::timestamptz)`,
        handoffRequestedAt: null,
        updatedAt: p.now,
      },
      setWhere: or(isNull(conversationTakeovers.heldBy), eq(conversationTakeovers.heldBy, p.userId)),
    })
    .returning({ id: conversationTakeovers.conversationId });
  return rows.length > 0;
}

/** Gives the conversation back to its agent; `holder` limits it to that person's hold. */
export async function dropHold(db: Db, p: { conversationId: string; holder: string | null; now: Date }) {
  const rows = await db
    .update(conversationTakeovers)
    .set({ heldBy: null, heldByName: null, heldSince: null, updatedAt: p.now })
    .where(
      and(
        eq(conversationTakeovers.conversationId, p.conversationId),
        p.holder ? eq(conversationTakeovers.heldBy, p.holder) : sql`${conversationTakeovers.heldBy} is not null`,
      ),
    )
    .returning({ id: conversationTakeovers.conversationId });
  return rows.length > 0;
}

/** Flags the conversation as waiting for a person, unless one already holds it. */
export async function flagHandoff(db: Db, conversationId: string, now: Date): Promise<void> {
  await db
    .insert(conversationTakeovers)
    .values({ conversationId, handoffRequestedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: conversationTakeovers.conversationId,
      set: { handoffRequestedAt: now, updatedAt: now },
      setWhere: isNull(conversationTakeovers.heldBy),
    });
}

/** The request for a person ends unanswered (nobody joined in time): Live stops flagging it. */
export async function clearHandoff(db: Db, conversationId: string): Promise<void> {
  await db
    .update(conversationTakeovers)
    .set({ handoffRequestedAt: null })
    .where(and(eq(conversationTakeovers.conversationId, conversationId), isNull(conversationTakeovers.heldBy)));
}

/**
 * Appends a message at the end of the conversation's active path, stamped after its latest
 * (as conversations/queries.ts insertMessage does), and touches the conversation, in one
 * transaction. A person's reply carries their name.
 */
export async function appendMessage(
  db: Db,
  p: {
    conversationId: string;
    role: "user" | "assistant";
    content: string;
    language?: string | null;
    authorName?: string | null;
    replyTo?: string;
    now: Date;
  },
): Promise<{ id: string; createdAt: Date }> {
  const latest = sql`(select max(${messages.createdAt}) from ${messages} where ${messages.conversationId} = ${p.conversationId})`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        conversationId: p.conversationId,
        role: p.role,
        content: p.content,
        status: "complete",
        language: p.language ?? null,
        authorName: p.authorName ?? null,
        replyTo: p.replyTo ?? null,
        parentId: p.replyTo ?? activePathEndSql(sql`${p.conversationId}`),
        createdAt: sql`greatest(${p.now}::timestamptz, ${latest} + interval '1 millisecond')`,
      })
      .returning({ id: messages.id, createdAt: messages.createdAt });
    await tx
      .update(conversations)
      .set({ messageCount: sql`${conversations.messageCount} + 1`, updatedAt: p.now })
      .where(eq(conversations.id, p.conversationId));
    return row;
  });
}

export interface LiveRow {
  id: string;
  kind: "text" | "voice";
  agentId: string | null;
  agentName: string;
  title: string;
  userName: string;
  lastMessage: string | null;
  updatedAt: Date;
  handoffRequestedAt: Date | null;
  heldByName: string | null;
}

/** Conversations written in since `since`, newest first; `ownerId` keeps those of that person's agents. */
export function listLiveConversations(db: Db, p: { since: Date; ownerId: string | null; limit: number }) {
  return selectLiveRows(db)
    .where(
      and(
        or(gt(conversations.updatedAt, p.since), sql`${conversationTakeovers.heldBy} is not null`),
        isNull(conversations.deletedAt),
        p.ownerId ? eq(agents.userId, p.ownerId) : undefined,
      ),
    )
    .orderBy(desc(conversations.updatedAt))
    .limit(p.limit) as Promise<LiveRow[]>;
}

/** One conversation as the live view shows it, however long ago it was active. */
export async function findLiveConversation(db: Db, id: string): Promise<LiveRow | null> {
  const [row] = (await selectLiveRows(db).where(eq(conversations.id, id)).limit(1)) as LiveRow[];
  return row ?? null;
}

function selectLiveRows(db: Db) {
  const lastMessage = sql<
    string | null
  >`(select m.content from ${messages} m where m.conversation_id = ${conversations.id} order by m.created_at desc limit 1)`;
  return db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      agentId: conversations.agentId,
      agentName: conversations.agentName,
      title: conversations.title,
      userName: users.fullName,
      lastMessage,
      updatedAt: conversations.updatedAt,
      handoffRequestedAt: conversationTakeovers.handoffRequestedAt,
      heldByName: conversationTakeovers.heldByName,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.userId))
    .leftJoin(agents, eq(agents.id, conversations.agentId))
    .leftJoin(conversationTakeovers, eq(conversationTakeovers.conversationId, conversations.id))
    .$dynamic();
}
