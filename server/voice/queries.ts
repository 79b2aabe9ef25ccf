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

/**
 * Raises the stored duration, never lowers it: two instances may record out of order. What it
 * rose by is added to the call's analytics roll-up (usage_daily.call_seconds, on the day the
 * call started), in the same statement and under the conversation's row lock, so analytics
 * counts each call's wall length exactly once. A call whose agent was deleted is not rolled up
 * (the roll-up's key needs an agent).
 */
export async function recordDuration(db: Db, conversationId: string, seconds: number): Promise<void> {
  const wanted = Math.max(0, Math.floor(seconds));
  await db.execute(sql`
    with before as (
      select c.id, c.duration_seconds, c.user_id, c.agent_id, c.agent_name, c.created_at, u.company_id
      from conversations c join users u on u.id = c.user_id
      where c.id = ${conversationId} and c.kind = 'voice'
      for update of c
    ),
    raised as (
      update conversations c set duration_seconds = greatest(b.duration_seconds, ${wanted}::int)
      from before b where c.id = b.id
      returning greatest(${wanted}::int - b.duration_seconds, 0) as added
    )
    insert into usage_daily (day, company_id, user_id, agent_id, kind, agent_name, call_seconds)
    select (b.created_at at time zone 'UTC')::date, b.company_id, b.user_id, b.agent_id, 'voice', b.agent_name, r.added
    from before b, raised r
    where r.added > 0 and b.agent_id is not null
    on conflict (day, company_id, user_id, agent_id, kind) do update set
      call_seconds = usage_daily.call_seconds + excluded.call_seconds`);
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
          insert into messages (id, conversation_id, role, content, status, interrupted, reply_to, parent_id, created_at)
          select ${p.id}, ${p.conversationId}, 'assistant', ${p.spokenText}, 'partial', true, unanswered.id, unanswered.id,
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

/**
 * One side of a realtime call's exchange, stored as it happens: the person's words (from the
 * provider's input transcription) or the reply as far as it was heard (`interrupted` when the
 * person spoke over it). It follows the conversation's newest message; a reply answers the
 * newest user message. Counted like any message.
 */
export async function insertRealtimeMessage(
  db: Db,
  p: {
    conversationId: string;
    role: "user" | "assistant";
    content: string;
    interrupted: boolean;
    language: string | null;
    now: Date;
  },
): Promise<string> {
  const row = await firstRow(
    db,
    sql`with latest as (
          select id from messages where conversation_id = ${p.conversationId} order by created_at desc limit 1
        ),
        asked as (
          select id from messages where conversation_id = ${p.conversationId} and role = 'user' order by created_at desc limit 1
        ),
        stored as (
          insert into messages (conversation_id, role, content, status, interrupted, language, reply_to, parent_id, created_at)
          select ${p.conversationId}, ${p.role}, ${p.content}, 'complete', ${p.interrupted}, ${p.language},
                 case when ${p.role} = 'assistant' then (select id from asked) end, (select id from latest),
                 ${stampAfterLatest(sql`${p.conversationId}`, p.now.toISOString())}
          returning id
        ),
        counted as (
          update conversations set message_count = message_count + 1 where id = ${p.conversationId} returning 1
        )
        select (select id from stored) as id`,
  );
  return String(row.id);
}
