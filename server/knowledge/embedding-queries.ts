/**
 * The embeddings worker's statements: claiming a document with a lease, reading its passages,
 * writing their vectors, and marking it done.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { knowledgeChunks, knowledgeDocuments } from "../db/schema-knowledge.js";
import { countDocumentTerms, lockedDocumentStatus } from "./term-count-queries.js";
import { wordsCounted } from "./word-searchable.js";

/** Writes chunk embeddings: one statement per batch, whatever its size. */
export async function writeChunkEmbeddings(db: Db, rows: { id: string; embedding: number[] }[]): Promise<void> {
  if (rows.length === 0) return;
  // The batch travels as one JSON parameter, the one form both drivers pass unchanged.
  const batch = JSON.stringify(rows.map((row) => ({ id: row.id, vector: row.embedding })));
  await db.execute(sql`
    update knowledge_chunks c
       set embedding = array(select x::real from json_array_elements_text(v.vector) with ordinality e(x, n) order by n)
      from json_to_recordset(${batch}::json) as v(id uuid, vector json)
     where c.id = v.id`);
}

export interface EmbeddingClaim {
  id: string;
  status: "processing" | "ready";
  attempts: number;
}

/**
 * Takes the oldest document that needs embeddings from `model` and whose lease has run out,
 * renewing the lease: one still "processing" (never started, or its worker stopped renewing
 * it — a server that died mid-way), or a ready one embedded with another model or none
 * (re-embedded in place, so it stays searchable by words meanwhile). Counts processing attempts.
 */
export async function claimEmbeddingWork(
  db: Db,
  input: { model: string; now: Date; leaseMs: number },
): Promise<EmbeddingClaim | null> {
  const staleBefore = new Date(input.now.getTime() - input.leaseMs);
  const result: unknown = await db.execute(sql`
    update knowledge_documents
       set attempts = attempts + (case when status = 'processing' then 1 else 0 end), updated_at = ${input.now}
     where id = (
       select id from knowledge_documents
        where (status = 'processing' and (attempts = 0 or updated_at < ${staleBefore}))
           or (status = 'ready' and chunk_count > 0 and embedding_model is distinct from ${input.model}
               and updated_at < ${staleBefore})
        order by created_at limit 1 for update skip locked)
    returning id, status, attempts`);
  // node-postgres and PGlite both answer with { rows: [...] }.
  const rows = (result as { rows?: EmbeddingClaim[] }).rows ?? [];
  return rows[0] ?? null;
}

/** Keeps a claim alive while its embeddings are being fetched. */
export async function renewClaim(db: Db, id: string, now: Date): Promise<void> {
  await db.update(knowledgeDocuments).set({ updatedAt: now }).where(eq(knowledgeDocuments.id, id));
}

export async function finishDocument(
  db: Db,
  id: string,
  state: { status: "ready" | "failed"; error: string | null; embeddingModel?: string | null; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const was = await lockedDocumentStatus(tx, id);
    const [row] = await tx
      .update(knowledgeDocuments)
      .set({ status: state.status, error: state.error, embeddingModel: state.embeddingModel, updatedAt: state.now })
      .where(eq(knowledgeDocuments.id, id))
      .returning({ id: knowledgeDocuments.id, agentId: knowledgeDocuments.agentId });
    if (!row || wordsCounted(was) === wordsCounted(state.status)) return;
    await countDocumentTerms(tx, row, wordsCounted(state.status) ? 1 : -1);
  });
}

export function documentChunksInOrder(db: Db, documentId: string) {
  return db
    .select({ id: knowledgeChunks.id, content: knowledgeChunks.content })
    .from(knowledgeChunks)
    .where(eq(knowledgeChunks.documentId, documentId))
    .orderBy(asc(knowledgeChunks.ordinal));
}
