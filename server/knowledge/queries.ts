/** The documents an agent holds: listing, finding, counting and deleting them. */
import { and, desc, eq, getTableColumns, sql, sum } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { agents, users } from "../db/schema.js";
import { knowledgeDocuments } from "../db/schema-knowledge.js";
import { countDocumentTerms, lockedDocumentStatus } from "./term-count-queries.js";
import { wordsCounted } from "./word-searchable.js";

/** A document's row: everything but its file, which is kept in parts (documentFile). */
export type KnowledgeDocumentSummary = typeof knowledgeDocuments.$inferSelect;

/** The columns of a document's summary, for `returning` and `select`. */
export const documentSummaryColumns = getTableColumns(knowledgeDocuments);

export function listDocumentsOfAgent(db: Db, agentId: string): Promise<KnowledgeDocumentSummary[]> {
  return db
    .select(documentSummaryColumns)
    .from(knowledgeDocuments)
    .where(eq(knowledgeDocuments.agentId, agentId))
    .orderBy(desc(knowledgeDocuments.createdAt), desc(knowledgeDocuments.id));
}

export async function findDocumentOfAgent(
  db: Db,
  agentId: string,
  id: string,
): Promise<KnowledgeDocumentSummary | null> {
  const [row] = await db
    .select()
    .from(knowledgeDocuments)
    .where(and(eq(knowledgeDocuments.agentId, agentId), eq(knowledgeDocuments.id, id)))
    .limit(1);
  return row ?? null;
}

/** Documents and chunks the agent holds now. */
export async function agentKnowledgeCounts(db: Db, agentId: string): Promise<{ documents: number; chunks: number }> {
  const [row] = await db
    .select({
      documents: sql<number>`count(*)::int`,
      chunks: sql<number>`coalesce(sum(${knowledgeDocuments.chunkCount}), 0)::int`,
    })
    .from(knowledgeDocuments)
    .where(eq(knowledgeDocuments.agentId, agentId));
  return row;
}

/** Bytes of knowledge held by the agents of every member of the company. */
export async function companyKnowledgeBytes(db: Db, companyId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sum(knowledgeDocuments.sizeBytes).mapWith(Number) })
    .from(knowledgeDocuments)
    .innerJoin(users, eq(users.id, knowledgeDocuments.userId))
    .where(eq(users.companyId, companyId));
  return row?.bytes ?? 0;
}

export async function deleteDocumentOfAgent(db: Db, agentId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Its passages leave the statistics before the delete takes them (a cascade).
    if (wordsCounted(await lockedDocumentStatus(tx, id))) await countDocumentTerms(tx, { id, agentId }, -1);
    const rows = await tx
      .delete(knowledgeDocuments)
      .where(and(eq(knowledgeDocuments.agentId, agentId), eq(knowledgeDocuments.id, id)))
      .returning({ id: knowledgeDocuments.id });
    return rows.length > 0;
  });
}

/** The agent and its owner, whoever asks: the service decides who may see it. */
export async function findAgentOwner(db: Db, agentId: string): Promise<{ id: string; userId: string } | null> {
  const [row] = await db
    .select({ id: agents.id, userId: agents.userId })
    .from(agents)
    .where(eq(agents.id, agentId))
    .limit(1);
  return row ?? null;
}
