/**
 * The turn's first write, `beginTurn`, as one statement (the last, the reply, is in
 * reply-queries.ts). The step-by-step version took a transaction of six to eight round trips,
 * and every round trip costs a socket write and a parse on the event loop. Data-modifying CTEs
 * all run, once, on one snapshot, and the statement is atomic, so the checks and writes here
 * cannot interleave with another turn. Prepared on PostgreSQL (named-statement.ts): planning it
 * was a large share of the database's work per turn.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AgentRow } from "../agents/agent-view.js";
import { agentVisibleToSql } from "../agents/queries.js";
import type { Db } from "../db/connect.js";
import { shapedRows, type SqlValues } from "../db/named-statement.js";
import { admissionCtes, admissionDates, admissionReport, readAdmission, type Admission } from "../usage/queries.js";
import { rowFromJson } from "../db/row-from-json.js";
import { agents } from "../db/schema.js";
import { activePathEndSql, type TurnPlacement } from "./message-tree-sql.js";
import type { ConversationKind } from "./queries.js";

/** 1 ms after the conversation's latest message when `now` (an ISO timestamp, or its slot) is not later (see insertMessage). */
export const stampAfterLatest = (conversationId: SQL, now: unknown) =>
  sql`greatest(${now}::timestamptz, (select max(m.created_at) from messages m where m.conversation_id = ${conversationId}) + interval '1 millisecond')`;

export interface TurnStart {
  userId: string;
  agentId: string;
  /** Null opens a new conversation of `kind` titled `title`. */
  conversationId: string | null;
  /** For an existing conversation, checked when given (a shared turn has checked it already). */
  kind?: ConversationKind;
  title: string;
  /** Allocated by the caller, so the read beside this write can leave the message out of the history. */
  messageId: string;
  message: string;
  language: string | null;
  now: Date;
  /**
   * Where the message goes (message-tree-sql.ts): after the active path, as an edit's sibling,
   * nowhere new (a regeneration answers a stored message again), or in the place of a message
   * whose turn the client cancelled (a voice turn resumed before any reply was heard), deleted
   * with its replies by the same statement. Only "append" opens a conversation.
   */
  placement: TurnPlacement;
  /** The estimate reserved against the month quotas when the turn is admitted (usage/turn-reservation.ts). */
  reserve: { tokens: number; voiceSeconds: number };
}

/**
 * "refused": the conversation exists but was locked when the write ran (its admission, if it
 * got one, is to be given back); "over-quota": the company's quota admitted no more turns.
 */
export type TurnBegun =
  | {
      outcome: "stored";
      agent: AgentRow;
      conversationId: string;
      userMessageId: string;
      /** The conversation had no message before this one. */
      started: boolean;
      admission: Admission;
    }
  | { outcome: "no-agent" }
  | { outcome: "inactive-agent"; agent: AgentRow }
  | { outcome: "no-conversation" }
  /** The message an edit or regeneration names is not one of the conversation's (or not answerable). */
  | { outcome: "no-message" }
  | { outcome: "refused"; admission: Admission | null }
  | { outcome: "over-quota"; admission: Admission };

/**
 * Checks the user's agent (owned, active) and conversation (owned, this agent's, not locked),
 * then counts and stores the message and adds one to the agent's chatsSent; a null
 * conversationId creates the conversation holding its first message instead. The company's
 * quotas admit the turn in the same statement (usage/queries.ts): nothing is written for a turn
 * they refuse. The history the model is given is read beside it (turn-context-query.ts).
 */
export async function beginTurn(db: Db, p: TurnStart): Promise<TurnBegun> {
  const values: BeginValues = {
    userId: p.userId,
    agentId: p.agentId,
    conversationId: p.conversationId,
    kind: p.kind ?? (p.conversationId === null ? "text" : null),
    isText: (p.kind ?? "text") === "text",
    title: p.title,
    messageId: p.messageId,
    message: p.message,
    language: p.language,
    now: p.now.toISOString(),
    ...admissionDates(p.now),
    target: p.placement.kind === "append" ? null : p.placement.of,
    reserveTokens: p.reserve.tokens,
    reserveVoiceSeconds: p.reserve.voiceSeconds,
  };

  if (p.conversationId === null) {
    const [row = {}] = await shapedRows(db, "turn_begin_new", newConversationSql, values);
    return (
      agentOutcome(row) ??
      stored(row, row.conversation_id, true, () => {
        const admission = readAdmission(row.quota);
        if (admission && !admission.admitted) return { outcome: "over-quota", admission };
        throw new Error("Creating the conversation returned no ids");
      })
    );
  }

  const kindChecked = Boolean(p.kind);
  const mode = p.placement.kind;
  const [row = {}] = await shapedRows(
    db,
    `turn_begin${kindChecked ? "_kind" : ""}${mode === "append" ? "" : `_${mode}`}`,
    (v) => existingConversationSql(v, kindChecked, mode),
    values,
  );
  const refusal = agentOutcome(row);
  if (refusal) return refusal;
  if (row.found !== true) return { outcome: "no-conversation" };
  if (row.target_ok !== true) return { outcome: "no-message" };
  return stored(row, p.conversationId, row.started === true, () => {
    const admission = readAdmission(row.quota);
    // Not admitted because the conversation was locked is a lock refusal, not a quota one.
    if (admission && !admission.admitted && row.locked_at_start !== true) return { outcome: "over-quota", admission };
    return { outcome: "refused", admission };
  });
}

/** beginTurn's values. `kind` is null for an existing conversation whose kind is not checked; `isText` is for a new one. */
interface BeginValues extends Record<string, unknown> {
  userId: string;
  agentId: string;
  conversationId: string | null;
  kind: ConversationKind | null;
  isText: boolean;
  title: string;
  messageId: string;
  message: string;
  language: string | null;
  now: string;
  day: string;
  monthStart: string;
  /** The message an edit, regeneration or replacement names; null for an appended turn. */
  target: string | null;
  reserveTokens: number;
  reserveVoiceSeconds: number;
}

const agentCte = (v: SqlValues<BeginValues>) =>
  sql`agent as (select * from agents a where a.id = ${v.agentId} and ${agentVisibleToSql("a", v.userId)})`;
const agentActive = sql`exists (select 1 from agent where agent.is_active)`;
// chatsSent counts text turns; a voice turn counts toward the conversation's callsSent instead.
const countedCte = (v: SqlValues<BeginValues>, isText: SQL) => sql`counted as (
    update agents set chats_sent = chats_sent + 1
    where id = ${v.agentId} and exists (select 1 from stored) and ${isText} returning 1
  )`;

/** A turn that opens its conversation: the conversation is created holding the message. */
function newConversationSql(v: SqlValues<BeginValues>): SQL {
  return sql`with ${agentCte(v)},
      ${admissionCtes({
        userId: v.userId,
        day: v.day,
        monthStart: v.monthStart,
        kind: sql`${v.kind}`,
        gate: agentActive,
        reserveTokens: v.reserveTokens,
        reserveVoiceSeconds: v.reserveVoiceSeconds,
      })},
      conv as (
        insert into conversations (user_id, agent_id, agent_name, kind, title, message_count, active_message_id, created_at, updated_at)
        select ${v.userId}, agent.id, agent.name, ${v.kind}, ${v.title}, 1, ${v.messageId}::uuid, ${v.now}::timestamptz, ${v.now}::timestamptz
        from agent where agent.is_active and exists (select 1 from quota_admitted) returning id
      ),
      stored as (
        insert into messages (id, conversation_id, role, content, status, language, created_at)
        select ${v.messageId}::uuid, conv.id, 'user', ${v.message}, 'complete', ${v.language}, ${v.now}::timestamptz from conv returning id
      ),
      ${countedCte(v, sql`${v.isText}`)}
      select (select row_to_json(agent) from agent) as agent, (select id from conv) as conversation_id,
             (select id from stored) as message_id, ${admissionReport(v.day)} as quota`;
}

/**
 * A turn in an existing conversation: owned, this agent's (of the kind, when checked) and
 * unlocked, with the message its placement names (if any) one of its own. The message is placed
 * in the tree (message-tree-sql.ts) and the conversation's chosen message moved to it, so the
 * active path shows the new turn even when it starts a branch.
 */
function existingConversationSql(v: SqlValues<BeginValues>, kindChecked: boolean, mode: TurnPlacement["kind"]): SQL {
  const now = sql`${v.now}::timestamptz`;
  const kindCheck = kindChecked ? sql`and c.kind = ${v.kind}` : sql``;
  // The named user message; a regenerated one must have been stored whole (not blocked by the lock).
  const targetWhere = sql`t.id = ${v.target}::uuid and t.conversation_id = ${v.conversationId} and t.role = 'user'
    ${mode === "regenerate" ? sql`and t.status = 'complete'` : sql``}`;
  const targetOk =
    mode === "edit" || mode === "regenerate" ? sql`exists (select 1 from messages t where ${targetWhere})` : sql`true`;
  const targetParent = sql`(select t.parent_id from messages t where ${targetWhere})`;
  const parent =
    mode === "edit"
      ? targetParent
      : mode === "replace"
        ? sql`case when exists (select 1 from messages t where ${targetWhere}) then ${targetParent} else ${activePathEndSql(sql`${v.conversationId}`)} end`
        : mode === "append"
          ? activePathEndSql(sql`${v.conversationId}`)
          : sql`null::uuid`;
  // Deleted only when this message is stored; its replies go with it through the key.
  const dropped = sql`dropped as (
    delete from messages m using bumped
    where m.id = ${v.target}::uuid and m.conversation_id = bumped.id and m.role = 'user'
    returning m.id
  ),`;
  // What the delete takes (the message and its replies), counted on the statement's snapshot,
  // leaves the count in the same update that adds this message: a row is updated once per statement.
  const replacedCount =
    mode === "replace"
      ? sql`(select count(*) from messages m where m.conversation_id = c.id
    and ((m.id = ${v.target}::uuid and m.role = 'user') or m.reply_to = ${v.target}::uuid))`
      : sql`0`;
  // A regeneration stores no user message: its reply is the one message the turn adds.
  const added = mode === "regenerate" ? sql`0` : sql`1`;
  const chosen = mode === "regenerate" ? sql`${v.target}::uuid` : sql`${v.messageId}::uuid`;
  const storedCte =
    mode === "regenerate"
      ? sql`stored as (select ${v.target}::uuid as id from bumped)`
      : sql`stored as (
        insert into messages (id, conversation_id, role, content, status, language, parent_id, created_at)
        select ${v.messageId}::uuid, bumped.id, 'user', ${v.message}, 'complete', ${v.language}, conv.parent,
               ${stampAfterLatest(sql`bumped.id`, v.now)}
        from bumped join conv on conv.id = bumped.id returning id
      )`;
  const unlocked = sql`(c.locked_until is null or c.locked_until <= ${now})`;
  // A conversation its person deleted is gone for them (404) until restored, as for every other route.
  const ownConversation = sql`c.id = ${v.conversationId} and c.user_id = ${v.userId} and c.agent_id = ${v.agentId} and c.deleted_at is null ${kindCheck}`;
  return sql`with ${agentCte(v)},
      ${admissionCtes({
        userId: v.userId,
        day: v.day,
        monthStart: v.monthStart,
        kind: sql`(select c.kind from conversations c where c.id = ${v.conversationId})`,
        gate: sql`${agentActive} and exists (select 1 from conversations c where ${ownConversation} and ${unlocked}) and ${targetOk}`,
        reserveTokens: v.reserveTokens,
        reserveVoiceSeconds: v.reserveVoiceSeconds,
      })},
      conv as (
        select c.id, not exists (select 1 from messages u where u.conversation_id = c.id and u.role = 'user') as started,
               ${parent} as parent
        from conversations c where ${ownConversation}
      ),
      bumped as (
        update conversations c set message_count = c.message_count + ${added} - ${replacedCount}, updated_at = ${now},
          active_message_id = ${chosen}
        from conv
        where c.id = conv.id and ${unlocked} and ${agentActive} and ${targetOk} and exists (select 1 from quota_admitted)
        returning c.id
      ),
      ${storedCte},
      ${mode === "replace" ? dropped : sql``}
      ${countedCte(v, sql`exists (select 1 from conversations c where c.id = ${v.conversationId} and c.kind = 'text')`)}
      select
        (select row_to_json(agent) from agent) as agent,
        exists (select 1 from conv) as found,
        ${targetOk} as target_ok,
        (select started from conv) as started,
        exists (select 1 from conversations c where ${ownConversation} and not ${unlocked}) as locked_at_start,
        (select id from stored) as message_id,
        ${admissionReport(v.day)} as quota`;
}

/** The stored outcome when the statement stored the message; otherwise what `notStored` says. */
function stored(
  row: Record<string, unknown>,
  conversationId: unknown,
  started: boolean,
  notStored: () => TurnBegun,
): TurnBegun {
  const agent = rowFromJson(agents, row.agent);
  const admission = readAdmission(row.quota);
  if (!agent || !admission || typeof conversationId !== "string" || typeof row.message_id !== "string") {
    return notStored();
  }
  return {
    outcome: "stored",
    agent,
    conversationId,
    userMessageId: row.message_id,
    started,
    admission,
  };
}

/** The agent-side refusal, if any: missing (or someone else's) before inactive. */
function agentOutcome(row: Record<string, unknown>): TurnBegun | null {
  const agent = rowFromJson(agents, row.agent);
  if (!agent) return { outcome: "no-agent" };
  if (!agent.isActive) return { outcome: "inactive-agent", agent };
  return null;
}
