/** A knowledge_documents row as the API shows it. */
import type { KnowledgeDocument } from "../../contracts/knowledge.js";
import type { KnowledgeDocumentSummary } from "./queries.js";

export function toKnowledgeDocument(row: KnowledgeDocumentSummary): KnowledgeDocument {
  return {
    id: row.id,
    title: row.title,
    // Passages still being written are, to the person, being indexed like ones being embedded.
    status: row.status === "storing" ? "processing" : row.status,
    // While processing (embedding), the passages already stored are those being indexed: the
    // page says "Indexing 1,240 passages…" rather than a bare spinner (issue 23).
    chunks: row.status === "failed" ? 0 : row.chunkCount,
    kind: row.kind,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    error: row.status === "failed" ? row.error : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
