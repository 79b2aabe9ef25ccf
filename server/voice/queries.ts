/** Plain (db, params) queries the voice feature needs beyond the chat feature's own. */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { VoiceTurnStages } from "../../contracts/voice.js";
import { isForeignKeyViolation } from "../conversations/queries.js";
import { stampAfterLatest } from "../conversations/turn-queries.js";
import type { Db } from "../db/connect.js";
import { agents, conversations, messages, voiceAudio } from "../db/schema.js";

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
async function firstRow(db: Db, query: SQL): Promise<Record<string, unknown>> {
  const result: unknown = await db.execute(query);
  return (result as { rows?: Record<string, unknown>[] }).rows?.[0] ?? {};
}

/** Each voice conversation counts as one call of its agent (the agent detail's call count). */
export async function incrementCallsSent(db: Db, agentId: string): Promise<void> {
  await db
    .update(agents)
    .set({ callsSent: sql`${agents.callsSent} + 1` })
    .where(eq(agents.id, agentId));
}

/** Raises the stored duration, never lowers it: two instances may record out of order. */
export async function recordDuration(db: Db, conversationId: string, seconds: number): Promise<void> {
  await db
    .update(conversations)
    .set({ durationSeconds: sql`greatest(${conversations.durationSeconds}, ${Math.max(0, Math.floor(seconds))})` })
    .where(eq(conversations.id, conversationId));
}

/** The agent's greeting as the conversation's first message, counted. */
export async function insertGreeting(
  db: Db,
  p: { conversationId: string; content: string; language: string | null; now: Date },
): Promise<string> {
  const [row] = await db
    .insert(messages)
    .values({
      conversationId: p.conversationId,
      role: "assistant",
      content: p.content,
      status: "complete",
      language: p.language,
      createdAt: p.now,
    })
    .returning({ id: messages.id });
  await db
    .update(conversations)
    .set({ messageCount: sql`${conversations.messageCount} + 1` })
    .where(eq(conversations.id, p.conversationId));
  return row.id;
}

export interface ClipToSave {
  conversationId: string;
  /** The message it is the audio of; a second clip for the same message replaces the first. */
  messageId: string | null;
  /** Only a message of this role may be named (save-audio names user messages). */
  role?: "user" | "assistant";
  mimeType: string;
  data: Buffer;
  durationMs: number | null;
  createdAt: Date;
}

/**
 * Stores a clip, linked to its message when one is named; null when that message is not one
 * of the conversation's (of the role asked for), or was deleted meanwhile (a replaced turn).
 */
export async function saveClip(db: Db, clip: ClipToSave): Promise<{ id: string } | null> {
  // The bytes travel as base64 text decoded by the database: PGlite encodes a binary parameter
  // byte by byte in JavaScript (160 ms for a 430 kB reply, on the event loop); base64 takes ~30.
  const data = sql`decode(${clip.data.toString("base64")}, 'base64')`;
  if (clip.messageId === null) {
    const [row] = await db
      .insert(voiceAudio)
      .values({ ...clip, data, messageId: null })
      .returning({ id: voiceAudio.id });
    return row;
  }
  const role = clip.role ? sql`and m.role = ${clip.role}` : sql``;
  try {
    const row = await firstRow(
      db,
      sql`insert into voice_audio (conversation_id, message_id, mime_type, data, duration_ms, created_at)
          select ${clip.conversationId}, m.id, ${clip.mimeType}, ${data}, ${clip.durationMs},
                 ${clip.createdAt.toISOString()}::timestamptz
          from messages m where m.id = ${clip.messageId} and m.conversation_id = ${clip.conversationId} ${role}
          on conflict (message_id) do update set mime_type = excluded.mime_type, data = excluded.data,
            duration_ms = excluded.duration_ms, created_at = excluded.created_at
          returning id`,
    );
    return typeof row.id === "string" ? { id: row.id } : null;
  } catch (error) {
    if (isForeignKeyViolation(error)) return null;
    throw error;
  }
}

/**
 * The user spoke over a reply: its content becomes what was actually said, flagged. When the
 * reply is not stored yet (its turn is still ending), it is stored now as the answer to the
 * conversation's latest unanswered user message; the turn's own store then fills in the rest
 * and keeps this content (turn-queries.ts storeReply). False when there is no such reply.
 */
export async function interruptReply(
  db: Db,
  p: { conversationId: string; id: string; spokenText: string; now: Date },
): Promise<boolean> {
  const row = await firstRow(
    db,
    sql`with cut as (
          update messages set content = ${p.spokenText}, interrupted = true
          where id = ${p.id} and conversation_id = ${p.conversationId} and role = 'assistant'
          returning id
        ),
        unanswered as (
          select u.id from messages u
          where u.conversation_id = ${p.conversationId} and u.role = 'user'
            and not exists (select 1 from messages r where r.reply_to = u.id)
            and not exists (select 1 from messages later where later.conversation_id = u.conversation_id
                            and later.role = 'user' and later.created_at > u.created_at)
        ),
        early as (
          insert into messages (id, conversation_id, role, content, status, interrupted, reply_to, created_at)
          select ${p.id}, ${p.conversationId}, 'assistant', ${p.spokenText}, 'partial', true, unanswered.id,
                 ${stampAfterLatest(sql`${p.conversationId}`, p.now.toISOString())}
          from unanswered
          where not exists (select 1 from cut) and not exists (select 1 from messages m where m.id = ${p.id})
          on conflict (id) do update set content = excluded.content, interrupted = true
            where messages.conversation_id = excluded.conversation_id and messages.role = 'assistant'
          returning (xmax = 0) as inserted
        ),
        counted as (
          update conversations set message_count = message_count + 1
          where id = ${p.conversationId} and exists (select 1 from early where inserted)
          returning 1
        )
        select exists (select 1 from cut) or exists (select 1 from early) as found`,
  );
  return row.found === true;
}

/** The turn's stages on its reply, once they are all known (after the last sentence was spoken). */
export async function recordStages(db: Db, p: { id: string; stages: VoiceTurnStages }): Promise<void> {
  await db
    .update(messages)
    .set({ stages: p.stages })
    .where(and(eq(messages.id, p.id), eq(messages.role, "assistant")));
}
