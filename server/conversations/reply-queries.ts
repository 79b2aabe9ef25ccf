/**
 * The statement that ends a turn: the assistant's reply stored and counted, and for a text turn
 * its usage record too (usage/turn-usage-sql.ts), one round trip where it took two — each
 * statement's socket write is a large share of a chat's CPU (bench/README.md). Prepared on
 * PostgreSQL, like the turn's other statements.
 */
import { sql, type SQL } from "drizzle-orm";
import type { MessageStatus } from "../../contracts/chat.js";
import type { Citation } from "../../contracts/knowledge.js";
import type { Db } from "../db/connect.js";
import { shapedRows, type SqlValues } from "../db/named-statement.js";
import { insertTurnUsage, type MonthWarning, type TurnUsageRecord } from "../usage/queries.js";
import {
  firstTokenColumn,
  monthWarningsColumn,
  readMonthWarnings,
  turnUsageCtes,
  turnUsageValues,
} from "../usage/turn-usage-sql.js";
import { isForeignKeyViolation } from "./queries.js";
import { stampAfterLatest } from "./turn-queries.js";

/** A reply to store: under `id` when the turn allocated one up front (a voice turn's `stored` event). */
export interface ReplyToStore {
  conversationId: string;
  id?: string;
  /** The user message it answers; when that message is gone (replaced), nothing is stored. */
  replyTo?: string | null;
  content: string;
  status: MessageStatus;
  offline: boolean;
  language: string | null;
  /** Stored only when the reply cites something. */
  citations?: Citation[];
  now: Date;
}

/**
 * Stores the assistant's reply and counts it, in one statement; the lock does not apply to it.
 * A row already under `id` was written by the voice interruption route (the user cut the reply
 * before it was stored): its content and flag stand, the rest is filled in. False when the
 * reply's user message was deleted meanwhile (replaced), so nothing was stored.
 */
export async function storeReply(db: Db, p: ReplyToStore): Promise<boolean> {
  const hasId = Boolean(p.id);
  try {
    const [row] = await shapedRows(
      db,
      hasId ? "turn_store_reply_id" : "turn_store_reply",
      (v) => sql`with ${replyCtes(v, hasId)} select exists (select 1 from stored) as stored`,
      replyValues(p),
    );
    return row?.stored === true;
  } catch (error) {
    // The user message was deleted between this statement's snapshot and its key check.
    if (p.replyTo && isForeignKeyViolation(error)) return false;
    throw error;
  }
}

/**
 * storeReply and the turn's usage record (insertTurnUsage) in one statement. The usage is
 * recorded whether or not the reply is (a replaced turn's reply is not), as when they were two.
 */
export async function storeReplyWithUsage(
  db: Db,
  p: ReplyToStore,
  usage: TurnUsageRecord,
): Promise<{ stored: boolean; warnings: MonthWarning[] }> {
  const hasId = Boolean(p.id);
  const bucket = firstTokenColumn(usage);
  try {
    const [row] = await shapedRows(
      db,
      `turn_store_reply_usage_${hasId ? "id" : "new"}_${bucket ?? "none"}`,
      (v) => sql`with ${replyCtes(v, hasId)}, ${turnUsageCtes(v, bucket)}
          select exists (select 1 from stored) as stored, ${monthWarningsColumn} as warnings`,
      { ...replyValues(p), ...turnUsageValues(usage) },
    );
    return { stored: row?.stored === true, warnings: readMonthWarnings(row?.warnings) };
  } catch (error) {
    if (p.replyTo && isForeignKeyViolation(error)) return { stored: false, warnings: await insertTurnUsage(db, usage) };
    throw error;
  }
}

/** The reply statement's values; whether it has an id of its own is its shape. */
interface ReplyValues extends Record<string, unknown> {
  id: string | null;
  conversationId: string;
  replyTo: string | null;
  content: string;
  status: MessageStatus;
  offline: boolean;
  language: string | null;
  citations: string | null;
  now: string;
}

function replyValues(p: ReplyToStore): ReplyValues {
  return {
    id: p.id ?? null,
    conversationId: p.conversationId,
    replyTo: p.replyTo ?? null,
    content: p.content,
    status: p.status,
    offline: p.offline,
    language: p.language,
    citations: p.citations?.length ? JSON.stringify(p.citations) : null,
    now: p.now.toISOString(),
  };
}

/** CTEs `stored` (the reply, upserted on its id) and `counted` (the conversation's message count). */
function replyCtes(v: SqlValues<ReplyValues>, hasId: boolean): SQL {
  const id = hasId ? sql`${v.id}::uuid` : sql`gen_random_uuid()`;
  return sql`stored as (
      insert into messages (id, conversation_id, role, content, status, offline, language, citations, reply_to, parent_id, created_at)
      select ${id}, ${v.conversationId}, 'assistant', ${v.content}, ${v.status}, ${v.offline}, ${v.language},
             ${v.citations}::jsonb, ${v.replyTo}::uuid, ${v.replyTo}::uuid, ${stampAfterLatest(sql`${v.conversationId}`, v.now)}
      where ${v.replyTo}::uuid is null or exists (select 1 from messages u where u.id = ${v.replyTo}::uuid)
      on conflict (id) do update set status = excluded.status, offline = excluded.offline,
        language = excluded.language, citations = excluded.citations
        where messages.conversation_id = excluded.conversation_id and messages.role = 'assistant'
      returning (xmax = 0) as inserted
    ),
    counted as (
      update conversations set message_count = message_count + 1, updated_at = ${v.now}::timestamptz
      where id = ${v.conversationId} and exists (select 1 from stored where inserted)
      returning 1
    )`;
}
