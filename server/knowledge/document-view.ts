/** A knowledge_documents row as the API shows it. */
import type { KnowledgeDocument } from "../../contracts/knowledge.js";
import type { KnowledgeDocumentSummary } from "./queries.js";

export function toKnowledgeDocument(row: KnowledgeDocumentSummary): KnowledgeDocument {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    chunks: row.status === "ready" ? row.chunkCount : 0,
    kind: row.kind,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    error: row.status === "failed" ? row.error : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
