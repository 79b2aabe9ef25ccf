/** Plain (db, params) queries for outcome fields and conversation outcomes. */
import { and, asc, eq, gt, isNotNull, lt, or, sql } from "drizzle-orm";
import type { OutcomeField, OutcomeMethod, OutcomeValue, OutcomeVerdict } from "../../contracts/outcomes.js";
import type { Db } from "../db/connect.js";
import { agentTemplates, agents, conversations, messages } from "../db/schema.js";
import { agentOutcomeFields, conversationOutcomes } from "../db/schema-outcomes.js";

export type OutcomeRow = typeof conversationOutcomes.$inferSelect;

/** The agent, its own outcome fields (null when it has none) and its template's tracked data. */
export async function findAgentForOutcomes(db: Db, agentId: string) {
  const [row] = await db
    .select({
      id: agents.id,
      userId: agents.userId,
      visibility: agents.visibility,
      name: agents.name,
      role: agents.role,
      description: agents.description,
      customPrompt: agents.customPrompt,
      fields: agentOutcomeFields.fields,
      trackedData: agentTemplates.trackedData,
    })
    .from(agents)
    .leftJoin(agentOutcomeFields, eq(agentOutcomeFields.agentId, agents.id))
    .leftJoin(agentTemplates, eq(agentTemplates.type, agents.type))
    .where(eq(agents.id, agentId))
    .limit(1);
  return row ?? null;
}
export type AgentForOutcomes = NonNullable<Awaited<ReturnType<typeof findAgentForOutcomes>>>;

/** True when the user may see the agent: they own it, or it is shared with their company. */
export async function agentVisibleTo(db: Db, agentId: string, userId: string): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from agents a where a.id = ${agentId} and (a.user_id = ${userId}
      or (a.visibility = 'company' and exists (select 1 from users o, users v
        where o.id = a.user_id and v.id = ${userId} and o.company_id = v.company_id)))`);
  return ((rows as { rows?: unknown[] }).rows ?? []).length > 0;
}

export async function saveAgentOutcomeFields(
  db: Db,
  agentId: string,
  fields: OutcomeField[],
  now: Date,
): Promise<void> {
  await db
    .insert(agentOutcomeFields)
    .values({ agentId, fields, updatedAt: now })
    .onConflictDoUpdate({ target: agentOutcomeFields.agentId, set: { fields, updatedAt: now } });
}

export async function findConversationForOutcome(db: Db, conversationId: string) {
  const [row] = await db
    .select({
      id: conversations.id,
      userId: conversations.userId,
      agentId: conversations.agentId,
      agentOwnerId: agents.userId,
      kind: conversations.kind,
      messageCount: conversations.messageCount,
      deletedAt: conversations.deletedAt,
    })
    .from(conversations)
    .leftJoin(agents, eq(agents.id, conversations.agentId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row ?? null;
}
export type ConversationForOutcome = NonNullable<Awaited<ReturnType<typeof findConversationForOutcome>>>;

/** The transcript an extraction reads: stored turns in order, without failed or blocked ones. */
export function listTranscript(db: Db, conversationId: string) {
  return db
    .select({ role: messages.role, content: messages.content, language: messages.language })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        or(eq(messages.status, "complete"), eq(messages.status, "partial")),
      ),
    )
    .orderBy(asc(messages.createdAt));
}

export async function findOutcome(db: Db, conversationId: string): Promise<OutcomeRow | null> {
  const [row] = await db
    .select()
    .from(conversationOutcomes)
    .where(eq(conversationOutcomes.conversationId, conversationId))
    .limit(1);
  return row ?? null;
}

export interface ExtractedOutcome {
  conversationId: string;
  agentId: string | null;
  summary: string;
  success: OutcomeVerdict;
  method: OutcomeMethod;
  extracted: Record<string, OutcomeValue>;
  unfilled: string[];
  messageCount: number;
  extractedAt: Date;
}

/** Stores an extraction; a person's corrections already there stay as they are. */
export async function saveExtractedOutcome(db: Db, outcome: ExtractedOutcome): Promise<void> {
  const { conversationId: _key, ...rest } = outcome;
  await db
    .insert(conversationOutcomes)
    .values(outcome)
    .onConflictDoUpdate({ target: conversationOutcomes.conversationId, set: rest });
}

/** A person's corrections; before any extraction they are stored on a pending outcome. */
export async function savePersonEdit(
  db: Db,
  current: OutcomeRow,
  edit: {
    personFields: Record<string, OutcomeValue>;
    personSummary: string | null;
    personSuccess: OutcomeVerdict | null;
    editedBy: string;
    editedAt: Date;
  },
): Promise<void> {
  await db
    .insert(conversationOutcomes)
    .values({ ...current, ...edit })
    .onConflictDoUpdate({ target: conversationOutcomes.conversationId, set: edit });
}

/**
 * Conversations idle since `before` whose outcome is missing or older than their last message,
 * oldest first. Conversations of a deleted agent have no fields to fill and are left alone.
 */
export function listConversationsToExtract(db: Db, p: { before: Date; limit: number }) {
  return db
    .select({ id: conversations.id })
    .from(conversations)
    .leftJoin(conversationOutcomes, eq(conversationOutcomes.conversationId, conversations.id))
    .where(
      and(
        isNotNull(conversations.agentId),
        gt(conversations.messageCount, 0),
        lt(conversations.updatedAt, p.before),
        or(
          sql`${conversationOutcomes.conversationId} is null`,
          lt(conversationOutcomes.messageCount, conversations.messageCount),
        ),
      ),
    )
    .orderBy(asc(conversations.updatedAt))
    .limit(p.limit);
}
