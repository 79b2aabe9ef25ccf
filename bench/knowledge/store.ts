/**
 * The bench's own writes of documents and chunks, with drizzle on the schema's tables, as the
 * app stores them (one transaction per document, chunks in batches). Kept here so the bench
 * depends only on the schema, extraction, retrieval and embeddings — not on the routes' queries.
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../server/db/connect.js";
import { knowledgeChunks, knowledgeDocuments } from "../../server/db/schema-knowledge.js";
import { countDocumentTerms } from "../../server/knowledge/term-count-queries.js";

const CHUNK_BATCH = 200;

export interface ChunkRow {
  ordinal: number;
  content: string;
  location: string | null;
}

export async function insertReadyDocument(
  db: Db,
  values: Omit<typeof knowledgeDocuments.$inferInsert, "status" | "chunkCount">,
  chunks: ChunkRow[],
): Promise<string> {
  return db.transaction(async (tx) => {
    const [document] = await tx
      .insert(knowledgeDocuments)
      .values({ ...values, status: "ready", chunkCount: chunks.length })
      .returning({ id: knowledgeDocuments.id });
    for (let start = 0; start < chunks.length; start += CHUNK_BATCH) {
      const batch = chunks.slice(start, start + CHUNK_BATCH);
      await tx
        .insert(knowledgeChunks)
        .values(batch.map((chunk) => ({ ...chunk, documentId: document.id, agentId: values.agentId })));
    }
    await countDocumentTerms(tx, { id: document.id, agentId: values.agentId }, 1);
    return document.id;
  });
}

export function documentIdsOfAgent(db: Db, agentId: string): Promise<{ id: string }[]> {
  return db
    .select({ id: knowledgeDocuments.id })
    .from(knowledgeDocuments)
    .where(eq(knowledgeDocuments.agentId, agentId));
}

export function chunksOfDocument(db: Db, documentId: string): Promise<{ id: string; content: string }[]> {
  return db
    .select({ id: knowledgeChunks.id, content: knowledgeChunks.content })
    .from(knowledgeChunks)
    .where(eq(knowledgeChunks.documentId, documentId))
    .orderBy(asc(knowledgeChunks.ordinal));
}

export async function markEmbedded(db: Db, documentId: string, model: string): Promise<void> {
  await db
    .update(knowledgeDocuments)
    .set({ embeddingModel: model, updatedAt: new Date() })
    .where(eq(knowledgeDocuments.id, documentId));
}
