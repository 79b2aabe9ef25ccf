/**
 * The conversation as a tree of messages, in SQL: each message names the one it follows
 * (`parent_id`), so an edit or a regeneration adds a sibling and never deletes a version. The
 * active path is what the person sees and what the model is given: up from the conversation's
 * chosen message (`active_message_id`) to a first message, and down from it through the newest
 * child at each step, so a reply stored under the chosen message joins the path by itself.
 * message-tree.ts is the same rule over rows already read, for the routes that list messages.
 */
import { sql, type SQL } from "drizzle-orm";

/** Where a turn's user message goes in the tree. */
export type TurnPlacement =
  /** After the end of the active path: the ordinary turn. */
  | { kind: "append" }
  /** A sibling of user message `of`, with the same parent: "edit and resend". */
  | { kind: "edit"; of: string }
  /** No new user message: user message `of` is answered again, beside its earlier replies. */
  | { kind: "regenerate"; of: string }
  /** In the place of user message `of`, deleted with its replies (a voice turn cancelled half-heard). */
  | { kind: "replace"; of: string };

/** Safety bound on the walk down (a path is never this long; a cycle cannot be stored, but a bound costs nothing). */
const MAX_DEPTH = 100_000;

/** The id at the end of the conversation's active path; null for a conversation without messages. */
export const activePathEndSql = (conversationId: SQL) => sql`(with recursive down(id, depth) as (
    select coalesce(
      (select c.active_message_id from conversations c where c.id = ${conversationId}),
      (select r.id from messages r where r.conversation_id = ${conversationId} and r.parent_id is null
       order by r.created_at desc, r.id desc limit 1)
    ), 0
    union all
    select child.id, down.depth + 1 from down
    cross join lateral (select k.id from messages k where k.parent_id = down.id
                        order by k.created_at desc, k.id desc limit 1) child
    where down.depth < ${sql.raw(String(MAX_DEPTH))}
  ) select id from down where id is not null order by depth desc limit 1)`;

/**
 * A recursive CTE `up(id, role, content, status, created_at, depth)`: message `start` and its
 * ancestors, at most `limit` of them, nearest first.
 */
export const ancestorsCte = (
  start: SQL,
  limit: SQL,
) => sql`up(id, parent_id, role, content, status, created_at, depth) as (
    select m.id, m.parent_id, m.role, m.content, m.status, m.created_at, 1 from messages m where m.id = ${start}
    union all
    select m.id, m.parent_id, m.role, m.content, m.status, m.created_at, up.depth + 1
    from messages m join up on m.id = up.parent_id where up.depth < ${limit}::int
  )`;
