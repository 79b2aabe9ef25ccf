/**
 * What the model needs to start a turn's reply, read in one statement that runs beside the
 * turn's write (turn-queries.ts beginTurn): the agent the persona comes from, whether it has
 * knowledge to retrieve, and the conversation's earlier messages. The model is asked only when
 * this read says the turn can be stored — the caller's own active agent and own unlocked
 * conversation — and the history is read only from the caller's own conversation.
 * The write stays the authority: when it refuses anyway (a lock or a quota that won a race),
 * the reply is cancelled before any of it reaches the client.
 */
import { sql } from "drizzle-orm";
import type { AgentRow } from "../agents/agent-view.js";
import type { Db } from "../db/connect.js";
import { namedStatementRows } from "../db/named-statement.js";
import type { ChatTurn } from "../providers/llm/llm-provider.js";
import { agentFromJson } from "./agent-json.js";
import type { ConversationKind } from "./queries.js";

export interface TurnContextRequest {
  userId: string;
  agentId: string;
  /** Null for a turn that opens a conversation: nothing to check, no history. */
  conversationId: string | null;
  kind?: ConversationKind;
  /** The id the write stores the new message under: the read may already see it, and must not. */
  messageId: string;
  /** A user message this turn replaces (see beginTurn): neither it nor its replies are history. */
  replaces?: string | null;
  now: Date;
  historyLimit: number;
}

export interface TurnContext {
  /** The write will store the message unless something changes in between. */
  storable: boolean;
  agent: AgentRow | null;
  hasKnowledge: boolean;
  history: ChatTurn[];
}

export async function readTurnContext(db: Db, p: TurnContextRequest): Promise<TurnContext> {
  const replaced = p.replaces ?? null;
  const kindCheck = p.kind ? sql`and c.kind = ${p.kind}` : sql``;
  const own = sql`c.id = ${p.conversationId} and c.user_id = ${p.userId} and c.agent_id = ${p.agentId} ${kindCheck}`;
  const conversationOk = p.conversationId
    ? sql`exists (select 1 from conversations c where ${own}
        and (c.locked_until is null or c.locked_until <= ${p.now.toISOString()}::timestamptz))`
    : sql`true`;
  const notReplaced = replaced
    ? sql`and m.id <> ${replaced}::uuid and (m.reply_to is null or m.reply_to <> ${replaced}::uuid)`
    : sql``;
  const history = p.conversationId
    ? sql`(select coalesce(json_agg(json_build_object('role', h.role, 'content', h.content) order by h.created_at), '[]'::json)
         from (select m.role, m.content, m.created_at from messages m
               where m.conversation_id = ${p.conversationId} and exists (select 1 from conversations c where ${own})
                 and m.status in ('complete', 'partial')
                 and m.id <> ${p.messageId}::uuid ${notReplaced}
               order by m.created_at desc limit ${p.historyLimit}) h)`
    : sql`'[]'::json`;
  const [row = {}] = await namedStatementRows(
    db,
    "turn_context",
    sql`select
        (select row_to_json(a) from agents a where a.id = ${p.agentId} and a.user_id = ${p.userId}) as agent,
        ${conversationOk} as conversation_ok,
        exists (select 1 from knowledge_documents d where d.agent_id = ${p.agentId} and d.status = 'ready') as has_knowledge,
        ${history} as history`,
  );
  const agent = agentFromJson(row.agent);
  const storable = agent !== null && agent.isActive && row.conversation_ok === true;
  return {
    storable,
    agent,
    hasKnowledge: row.has_knowledge === true,
    history: readHistory(row.history),
  };
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
