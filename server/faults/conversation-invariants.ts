/**
 * "Nothing half-written", as queries over the whole database, for fault tests to run after
 * the dust settles. A turn stores the user's message (with its conversation, when new) in one
 * statement and the reply in another, so a failure may leave a user message without a reply
 * until the unfinished-turn sweep (conversations/unfinished-turns.ts) gives it a failed one; after that,
 * never:
 *  - a user message without a reply or a failure marker (see `unansweredMessages`);
 *  - a text conversation without messages, or whose first message is not the user's
 *    (voice conversations are created empty on purpose, before their first turn);
 *  - a reply that does not follow a user message;
 *  - a conversation whose message_count disagrees with the messages stored.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";

type Row = Record<string, unknown>;

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows?: Row[] }).rows ?? [];
}

/** Every violation found, one readable line each; an empty list means nothing is half-written. */
export async function halfWrittenConversations(db: Db): Promise<string[]> {
  const conversations = await rows(
    db,
    sql`select c.id, c.kind, c.message_count,
          (select count(*)::int from messages m where m.conversation_id = c.id) as stored,
          (select m.role from messages m where m.conversation_id = c.id order by m.created_at, m.id limit 1) as first_role
        from conversations c`,
  );
  const problems: string[] = [];
  for (const c of conversations) {
    if (c.kind === "text" && c.stored === 0) problems.push(`text conversation ${String(c.id)} has no message`);
    if (c.kind === "text" && c.stored !== 0 && c.first_role !== "user") {
      problems.push(`conversation ${String(c.id)} starts with a ${String(c.first_role)} message`);
    }
    if (c.message_count !== c.stored) {
      problems.push(
        `conversation ${String(c.id)} counts ${String(c.message_count)} messages but stores ${String(c.stored)}`,
      );
    }
  }
  const orphanReplies = await rows(
    db,
    sql`select m.id, m.conversation_id,
          (select p.role from messages p
            where p.conversation_id = m.conversation_id
              and (p.created_at, p.id) < (m.created_at, m.id)
            order by p.created_at desc, p.id desc limit 1) as previous_role
        from messages m where m.role = 'assistant'`,
  );
  for (const reply of orphanReplies) {
    if (reply.previous_role !== "user") {
      problems.push(
        `reply ${String(reply.id)} in ${String(reply.conversation_id)} follows ${String(reply.previous_role ?? "nothing")}`,
      );
    }
  }
  return problems;
}

/**
 * User messages with no reply (named by reply_to, or an older unnamed one after it), one line
 * each: what the sweep leaves none of. Separate from halfWrittenConversations, since before
 * the sweep has run a live or just-failed turn is allowed one.
 */
export async function unansweredMessages(db: Db): Promise<string[]> {
  const unanswered = await rows(
    db,
    sql`select m.id, m.conversation_id, m.content from messages m
        where m.role = 'user'
          and not exists (select 1 from messages r where r.reply_to = m.id)
          and not exists (select 1 from messages r where r.conversation_id = m.conversation_id
            and r.role = 'assistant' and r.reply_to is null and r.created_at > m.created_at)`,
  );
  return unanswered.map(
    (m) =>
      `user message ${String(m.id)} in ${String(m.conversation_id)} ("${String(m.content).slice(0, 40)}") has no reply or failure marker`,
  );
}

/** Counts, for a test to show that the check looked at something. */
export async function conversationAndMessageCounts(db: Db): Promise<{ conversations: number; messages: number }> {
  const [row] = await rows(
    db,
    sql`select (select count(*)::int from conversations) as conversations, (select count(*)::int from messages) as messages`,
  );
  return { conversations: Number(row?.conversations ?? 0), messages: Number(row?.messages ?? 0) };
}
