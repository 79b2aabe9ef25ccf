/**
 * What the model needs to start a turn's reply, read in one statement that runs beside the
 * turn's write (turn-queries.ts beginTurn): the agent the persona comes from, whether it has
 * knowledge to retrieve or tools to offer, and the conversation's earlier messages. The model is asked only when
 * this read says the turn can be stored — an active agent the caller may talk to (own or shared) and own unlocked
 * conversation — and the history is read only from the caller's own conversation, along the
 * branch the turn continues (message-tree-sql.ts): never an edited-away or regenerated-away version.
 * The write stays the authority: when it refuses anyway (a lock or a quota that won a race),
 * the reply is cancelled before any of it reaches the client.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AgentRow } from "../agents/agent-view.js";
import { agentVisibleToSql } from "../agents/queries.js";
import type { Db } from "../db/connect.js";
import { shapedRows, type SqlValues } from "../db/named-statement.js";
import type { ChatTurn } from "../providers/llm/llm-provider.js";
import { rowFromJson } from "../db/row-from-json.js";
import { agents } from "../db/schema.js";
import { wordSearchableSql } from "../knowledge/word-searchable.js";
import { activePathEndSql, ancestorsCte, type TurnPlacement } from "./message-tree-sql.js";
import type { ConversationKind } from "./queries.js";

export interface TurnContextRequest {
  userId: string;
  agentId: string;
  /** Null for a turn that opens a conversation: nothing to check, no history. */
  conversationId: string | null;
  kind?: ConversationKind;
  /** The id the write stores the new message under: the read may already see it, and must not. */
  messageId: string;
  /** Where the turn's message goes (see beginTurn): the history is the branch above that place. */
  placement: TurnPlacement;
  now: Date;
  historyLimit: number;
}

export interface TurnContext {
  /** The write will store the message unless something changes in between. */
  storable: boolean;
  agent: AgentRow | null;
  hasKnowledge: boolean;
  /** Whether the agent has tools configured: without, the turn reads none (one round trip fewer). */
  hasTools: boolean;
  history: ChatTurn[];
}

/** The statement's values; whether there is a conversation, a kind or a replaced message is its shape. */
interface ContextValues extends Record<string, unknown> {
  userId: string;
  agentId: string;
  conversationId: string | null;
  kind: ConversationKind | null;
  messageId: string;
  target: string | null;
  now: string;
  historyLimit: number;
}

interface ContextShape {
  conversation: boolean;
  kind: boolean;
  mode: TurnPlacement["kind"];
}

export async function readTurnContext(db: Db, p: TurnContextRequest): Promise<TurnContext> {
  const shape = { conversation: p.conversationId !== null, kind: Boolean(p.kind), mode: p.placement.kind };
  const values: ContextValues = {
    userId: p.userId,
    agentId: p.agentId,
    conversationId: p.conversationId,
    kind: p.kind ?? null,
    messageId: p.messageId,
    target: p.placement.kind === "append" ? null : p.placement.of,
    now: p.now.toISOString(),
    historyLimit: p.historyLimit,
  };
  const [row = {}] = await shapedRows(
    db,
    `turn_context_${Number(shape.conversation)}${Number(shape.kind)}_${shape.mode}`,
    (v) => turnContextSql(v, shape),
    values,
  );
  const agent = rowFromJson(agents, row.agent);
  const storable = agent !== null && agent.isActive && row.writable === true;
  return {
    storable,
    agent,
    hasKnowledge: row.has_knowledge === true,
    hasTools: row.has_tools === true,
    history: readHistory(row.history),
  };
}

function turnContextSql(v: SqlValues<ContextValues>, shape: ContextShape): SQL {
  const kindCheck = shape.kind ? sql`and c.kind = ${v.kind}` : sql``;
  const own = sql`c.id = ${v.conversationId} and c.user_id = ${v.userId} and c.agent_id = ${v.agentId} ${kindCheck}`;
  const conversationOk = shape.conversation
    ? sql`exists (select 1 from conversations c where ${own}
        and (c.locked_until is null or c.locked_until <= ${v.now}::timestamptz))`
    : sql`true`;
  // A reply a person typed while holding the conversation is labelled as theirs, so the model
  // taking over again knows it did not write it (issue 26).
  const labelledContent = sql`coalesce((select '[' || x.author_name || ', a person from the team, wrote] ' from messages x
      where x.id = up.id and x.author_name is not null), '') || up.content`;
  const history = shape.conversation
    ? sql`(select coalesce(json_agg(json_build_object('role', h.role, 'content', h.content) order by h.created_at), '[]'::json)
         from (with recursive ${ancestorsCte(historyStart(v, shape.mode), sql`${v.historyLimit}`)}
               select up.role, ${labelledContent} as content, up.created_at from up
               where exists (select 1 from conversations c where ${own})
                 and up.status in ('complete', 'partial') and up.id <> ${v.messageId}::uuid) h)`
    : sql`'[]'::json`;
  // An edit or a regeneration names a user message of this conversation; without one the write
  // refuses (404), so the model must not be asked for it in the meantime.
  const targetOk =
    shape.mode === "edit" || shape.mode === "regenerate"
      ? sql`exists (select 1 from messages t where t.id = ${v.target}::uuid and t.conversation_id = ${v.conversationId} and t.role = 'user')`
      : sql`true`;
  return sql`select
        (select row_to_json(a) from agents a where a.id = ${v.agentId} and ${agentVisibleToSql("a", v.userId)}) as agent,
        ${conversationOk} and ${targetOk} as writable,
        exists (select 1 from knowledge_documents d where d.agent_id = ${v.agentId} and d.status in ${wordSearchableSql}) as has_knowledge,
        exists (select 1 from agent_tools t where t.agent_id = ${v.agentId}) as has_tools,
        ${history} as history`;
}

/**
 * The last message before the turn's own on its branch: the end of the active path for an
 * ordinary turn (the new message, should this read already see it, is left out by id), the
 * parent of the edited or regenerated message, or of the replaced one while it still exists.
 */
function historyStart(v: SqlValues<ContextValues>, mode: TurnPlacement["kind"]): SQL {
  const end = activePathEndSql(sql`${v.conversationId}`);
  const target = sql`t.id = ${v.target}::uuid and t.conversation_id = ${v.conversationId} and t.role = 'user'`;
  const targetParent = sql`(select t.parent_id from messages t where ${target})`;
  if (mode === "append") return end;
  if (mode === "replace")
    return sql`case when exists (select 1 from messages t where ${target}) then ${targetParent} else ${end} end`;
  return targetParent;
}

function readHistory(value: unknown): ChatTurn[] {
  // PGlite and node-postgres both parse json columns; a string would mean a driver that does not.
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null) return [];
    const { role, content } = item as { role?: unknown; content?: unknown };
    return (role === "user" || role === "assistant") && typeof content === "string" ? [{ role, content }] : [];
  });
}
