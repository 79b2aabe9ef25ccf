/**
 * Storing an upload: the document's row, its file in parts and its passages in short batches,
 * then made searchable; an abandoned upload discarded; a document's passages replaced when it is
 * re-indexed. Each statement short, so no chat waits on an upload (decision 159).
 */
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { knowledgeChunks, knowledgeDocumentParts, knowledgeDocuments } from "../db/schema-knowledge.js";
import { documentSummaryColumns, type KnowledgeDocumentSummary } from "./queries.js";
import { countDocumentTerms, lockedDocumentStatus } from "./term-count-queries.js";
import { wordsCounted } from "./word-searchable.js";

/** Chunks are written this many to a statement: bounded parameters, few round trips. */
const CHUNK_INSERT_BATCH = 200;

export interface ChunkInsert {
  ordinal: number;
  content: string;
  location: string | null;
}

/**
 * A new document whose file and passages come afterwards, a part or a batch to a statement
 * (appendFilePart, appendStoredChunks): hidden from search until finishStoring, listed as
 * processing, and holding its room in the agent's limits (agentKnowledgeCounts counts its
 * chunk_count) from the start.
 */
export async function insertStoringDocument(
  db: Db,
  values: Omit<typeof knowledgeDocuments.$inferInsert, "status">,
): Promise<KnowledgeDocumentSummary> {
  const [row] = await db
    .insert(knowledgeDocuments)
    .values({ ...values, status: "storing" })
    .returning(documentSummaryColumns);
  return row;
}

/**
 * A file is kept in parts of this many bytes, each written by a statement of its own: on
 * PGlite's one thread a chat waits for one part (tens of milliseconds), never for the whole
 * file (a 20 MB value held it 0.6–1.6 s; decision 159).
 */
export const FILE_PART_BYTES = 512 * 1024;

/** The file's parts, in order (one empty part for an empty file, so every document has one). */
export function fileParts(bytes: Uint8Array): Buffer[] {
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length || parts.length === 0; start += FILE_PART_BYTES) {
    parts.push(Buffer.from(bytes.subarray(start, start + FILE_PART_BYTES)));
  }
  return parts;
}

/**
 * Writes part `part` of a storing document's file, renewing the document's lease. False when the
 * document is no longer storing (deleted meanwhile): nothing was written. The bytes travel as
 * base64 text decoded by the database: PGlite turned a Buffer parameter into bytea six times
 * slower on its thread.
 */
export async function appendFilePart(
  db: Db,
  document: { id: string },
  part: number,
  bytes: Uint8Array,
  now: Date,
): Promise<boolean> {
  const result: unknown = await db.execute(sql`
    with doc as (
      update knowledge_documents set updated_at = ${now}
       where id = ${document.id} and status = 'storing'
       returning id
    ), stored as (
      insert into knowledge_document_parts (document_id, part, bytes)
      select doc.id, ${part}, decode(${Buffer.from(bytes).toString("base64")}, 'base64') from doc
      returning 1
    )
    select count(*)::int as stored from stored`);
  const [row] = (result as { rows?: { stored: number }[] }).rows ?? [];
  return Number(row?.stored ?? 0) > 0;
}

/** A document's file as uploaded, its parts joined again (for re-indexing). */
export async function documentFile(db: Db, documentId: string): Promise<Buffer> {
  const parts = await db
    .select({ bytes: knowledgeDocumentParts.bytes })
    .from(knowledgeDocumentParts)
    .where(eq(knowledgeDocumentParts.documentId, documentId))
    .orderBy(asc(knowledgeDocumentParts.part));
  return Buffer.concat(parts.map((part) => Buffer.from(part.bytes)));
}

/**
 * Passages are stored this many rows, or about this many characters, to a statement: each
 * batch is a statement of its own outside any transaction, so on PGlite's one connection a chat
 * waits for one batch at most, never for a whole document (issue 21). A chat's few statements
 * each may wait for one, so a batch is kept short: at 16,000 characters (~90 ms on PGlite) a
 * chat during a 20 MB upload started p95 +154 ms late, at 4,000 +10.5 ms; the upload took 1.5×
 * as long (bench/knowledge/no-stall.ts; decision 159).
 */
export const STORING_BATCH_ROWS = 100;
export const STORING_BATCH_CHARS = 4_000;
/** A document left "storing" this long after its last batch was abandoned (its server stopped). */
export const STORING_LEASE_MS = 10 * 60_000;

/** The passages in batches of at most STORING_BATCH_ROWS rows and about STORING_BATCH_CHARS characters. */
export function storingBatches(chunks: ChunkInsert[]): ChunkInsert[][] {
  const batches: ChunkInsert[][] = [];
  let batch: ChunkInsert[] = [];
  let chars = 0;
  for (const chunk of chunks) {
    if (
      batch.length > 0 &&
      (batch.length >= STORING_BATCH_ROWS || chars + chunk.content.length > STORING_BATCH_CHARS)
    ) {
      batches.push(batch);
      batch = [];
      chars = 0;
    }
    batch.push(chunk);
    chars += chunk.content.length;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Stores one batch of a storing document's passages and adds their words to the agent's term
 * statistics, in one statement, renewing the document's lease. False when the document is no
 * longer storing (deleted meanwhile): nothing was written.
 */
export async function appendStoredChunks(
  db: Db,
  document: { id: string; agentId: string },
  chunks: ChunkInsert[],
  now: Date,
): Promise<boolean> {
  const rows = chunks.map((c) => ({ ordinal: c.ordinal, content: c.content, location: c.location }));
  const result: unknown = await db.execute(sql`
    with doc as (
      update knowledge_documents set updated_at = ${now}
       where id = ${document.id} and status = 'storing'
       returning id, agent_id
    ), stored as (
      insert into knowledge_chunks (document_id, agent_id, ordinal, content, location)
      select doc.id, doc.agent_id, c.ordinal, c.content, c.location
        from doc cross join json_to_recordset(${JSON.stringify(rows)}::json) as c(ordinal int, content text, location text)
      returning search_english
    ), counted as (
      insert into knowledge_terms (agent_id, lexeme, chunks)
      select ${document.agentId}::uuid, u.lexeme, count(*)::int
        from stored cross join lateral unnest(stored.search_english) as u
       group by u.lexeme
       order by u.lexeme
      on conflict (agent_id, lexeme) do update set chunks = knowledge_terms.chunks + excluded.chunks
    )
    select count(*)::int as found from doc`);
  const [row] = (result as { rows?: { found: number }[] }).rows ?? [];
  return Number(row?.found ?? 0) > 0;
}

/**
 * The storing document, all its passages stored, made searchable: "ready", or "processing" when
 * the embeddings worker takes it on (searched by its words meanwhile, decision 169; its words,
 * counted as its batches were stored, stay counted). Null when it is no longer storing.
 */
export async function finishStoring(
  db: Db,
  document: { id: string; agentId: string },
  state: { status: "ready" | "processing"; now: Date },
): Promise<KnowledgeDocumentSummary | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(knowledgeDocuments)
      .set({ status: state.status, updatedAt: state.now })
      .where(and(eq(knowledgeDocuments.id, document.id), eq(knowledgeDocuments.status, "storing")))
      .returning(documentSummaryColumns);
    return row ?? null;
  });
}

/** Removes a document that is still storing (its upload failed or was abandoned), with its words' counts. */
export async function discardStoringDocument(db: Db, document: { id: string; agentId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await lockedDocumentStatus(tx, document.id)) !== "storing") return;
    await countDocumentTerms(tx, document, -1);
    await tx.delete(knowledgeDocuments).where(eq(knowledgeDocuments.id, document.id));
  });
}

/** Discards the documents (of one agent, or all) whose storing stopped before `staleBefore`: a server died mid-upload. */
export async function discardAbandonedStoring(db: Db, staleBefore: Date, agentId?: string): Promise<number> {
  const abandoned = await db
    .select({ id: knowledgeDocuments.id, agentId: knowledgeDocuments.agentId })
    .from(knowledgeDocuments)
    .where(
      and(
        eq(knowledgeDocuments.status, "storing"),
        lt(knowledgeDocuments.updatedAt, staleBefore),
        agentId ? eq(knowledgeDocuments.agentId, agentId) : undefined,
      ),
    );
  for (const document of abandoned) await discardStoringDocument(db, document);
  return abandoned.length;
}

/**
 * Adds (1) or removes (-1) a document's passages to its agent's term statistics
 * (knowledge_terms): called as its chunks are stored and before they stop being searchable
 * (deleted, re-indexed, failed). Rows are written in lexeme order, so two uploads to one agent
 * lock them in the same order and never deadlock.
 */

async function insertChunks(db: Db, documentId: string, agentId: string, chunks: ChunkInsert[]): Promise<void> {
  for (let start = 0; start < chunks.length; start += CHUNK_INSERT_BATCH) {
    const batch = chunks.slice(start, start + CHUNK_INSERT_BATCH);
    await db.insert(knowledgeChunks).values(batch.map((chunk) => ({ ...chunk, documentId, agentId })));
  }
}

/** Replaces a document's chunks (re-indexing) and sets its state, in the caller's transaction. */
export async function replaceChunks(
  db: Db,
  document: { id: string; agentId: string },
  chunks: ChunkInsert[],
  state: Pick<KnowledgeDocumentSummary, "status" | "chunkCount" | "embeddingModel" | "updatedAt">,
): Promise<KnowledgeDocumentSummary> {
  if (wordsCounted(await lockedDocumentStatus(db, document.id))) await countDocumentTerms(db, document, -1);
  await db.delete(knowledgeChunks).where(eq(knowledgeChunks.documentId, document.id));
  await insertChunks(db, document.id, document.agentId, chunks);
  const [row] = await db
    .update(knowledgeDocuments)
    .set({ ...state, error: null, attempts: 0 })
    .where(eq(knowledgeDocuments.id, document.id))
    .returning(documentSummaryColumns);
  if (row && wordsCounted(row.status)) await countDocumentTerms(db, row, 1);
  return row;
}
