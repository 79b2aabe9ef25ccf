/**
 * Puts documents into an agent's knowledge the way the app does: the upload's bytes through the
 * extraction worker pool, the chunks stored with the document in one transaction, and — for
 * hybrid retrieval — every chunk embedded by the embeddings provider and written back.
 */
import { performance } from "node:perf_hooks";
import type { Db } from "../../server/db/connect.js";
import type { knowledgeDocuments } from "../../server/db/schema-knowledge.js";
import { writeChunkEmbeddings } from "../../server/knowledge/embedding-queries.js";
import { extractInWorker } from "../../server/knowledge/extract/extract-pool.js";
import type { EmbeddingsProvider } from "../../server/providers/embeddings/embeddings-provider.js";
import type { Owner } from "./bench-database.js";
import type { CorpusFile } from "./corpus.js";
import { chunksOfDocument, documentIdsOfAgent, insertReadyDocument, markEmbedded, type ChunkRow } from "./store.js";

export interface IngestedFile {
  key: CorpusFile["key"];
  documentId: string;
  chunks: string[];
  extractMs: number;
}

export async function ingestCorpus(db: Db, owner: Owner, files: CorpusFile[]): Promise<IngestedFile[]> {
  const ingested: IngestedFile[] = [];
  for (const file of files) {
    const started = performance.now();
    const extracted = await extractInWorker({
      bytes: file.bytes,
      fileName: file.fileName,
      declaredType: file.declaredType,
    });
    const extractMs = performance.now() - started;
    const document = await storeReadyDocument(db, owner, {
      title: file.title,
      kind: extracted.kind,
      fileName: file.fileName,
      bytes: file.bytes,
      chunks: extracted.chunks,
    });
    ingested.push({ key: file.key, documentId: document, chunks: extracted.chunks.map((c) => c.content), extractMs });
  }
  return ingested;
}

/** A document stored "ready" with its chunks, as the app does when no embeddings are configured. */
export function storeReadyDocument(
  db: Db,
  owner: Owner,
  input: {
    title: string;
    kind: (typeof knowledgeDocuments.$inferInsert)["kind"];
    fileName: string | null;
    bytes: Uint8Array;
    chunks: ChunkRow[];
  },
): Promise<string> {
  const { title, kind, fileName, bytes, chunks } = input;
  const content = Buffer.from(bytes);
  const values = {
    agentId: owner.agentId,
    userId: owner.userId,
    title,
    kind,
    fileName,
    sizeBytes: bytes.length,
    content,
  };
  return insertReadyDocument(db, values, chunks);
}

/** Embeds every chunk of the agent's documents and records the model, as background ingestion does. */
export async function embedAgentKnowledge(
  db: Db,
  embeddings: EmbeddingsProvider,
  agentId: string,
  batchSize = 64,
): Promise<{ chunks: number; ms: number }> {
  const started = performance.now();
  const documents = await documentIdsOfAgent(db, agentId);
  let count = 0;
  for (const document of documents) {
    const chunks = await chunksOfDocument(db, document.id);
    for (let start = 0; start < chunks.length; start += batchSize) {
      const batch = chunks.slice(start, start + batchSize);
      const vectors = await embeddings.embed(batch.map((chunk) => chunk.content));
      await writeChunkEmbeddings(
        db,
        batch.map((chunk, i) => ({ id: chunk.id, embedding: vectors[i] })),
      );
      count += batch.length;
    }
    await markEmbedded(db, document.id, embeddings.model);
  }
  return { chunks: count, ms: performance.now() - started };
}
