/**
 * Knowledge per agent (issue 13): the documents an agent answers from and the chunks retrieval
 * searches. Kept beside schema.ts (which it extends, and which never imports it back); both
 * files generate the migrations.
 */
import { sql } from "drizzle-orm";
import { customType, index, integer, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { KNOWLEDGE_FILE_KINDS, KNOWLEDGE_STATUSES } from "../../contracts/knowledge.js";
import { agents, users } from "./schema.js";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" }).notNull().defaultNow();

/**
 * One uploaded file or pasted text. The original bytes stay until the document is ready, so a
 * server that stopped mid-ingestion re-reads them on start; `attempts` bounds how often.
 */
export const knowledgeDocuments = pgTable(
  "knowledge_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    /** The agent's owner when it was added: whose company's storage it counts against. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    kind: text("kind", { enum: [...KNOWLEDGE_FILE_KINDS, "text"] }).notNull(),
    fileName: text("file_name"),
    sizeBytes: integer("size_bytes").notNull(),
    /** The file as uploaded (UTF-8 for pasted text); kept for re-indexing. */
    content: bytea("content").notNull(),
    status: text("status", { enum: KNOWLEDGE_STATUSES }).notNull().default("processing"),
    error: text("error"),
    chunkCount: integer("chunk_count").notNull().default(0),
    /** Ingestion runs started for this version of the document; a crash loop ends in "failed". */
    attempts: integer("attempts").notNull().default(0),
    /** The embeddings model the chunks were embedded with; null when not embedded. */
    embeddingModel: text("embedding_model"),
    createdAt: timestamptz("created_at"),
    updatedAt: timestamptz("updated_at"),
  },
  (t) => [
    index("knowledge_documents_agent_idx").on(t.agentId, t.createdAt),
    index("knowledge_documents_processing_idx")
      .on(t.status)
      .where(sql`status = 'processing'`),
  ],
);

/**
 * A passage of a document, the unit retrieval returns and a citation shows. `search` is the
 * language-independent word index ('simple' configuration, accents folded by the writer);
 * `content` also carries a trigram index for scripts without spaces (Japanese, Chinese, Korean).
 */
export const knowledgeChunks = pgTable(
  "knowledge_chunks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => knowledgeDocuments.id, { onDelete: "cascade" }),
    /** Denormalised so retrieval filters one index, not a join. */
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    ordinal: integer("ordinal").notNull(),
    content: text("content").notNull(),
    /** "page 3", "Returns › Refunds"; null when the source has no structure. */
    location: text("location"),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, content)`),
    embedding: real("embedding").array(),
  },
  (t) => [
    index("knowledge_chunks_document_idx").on(t.documentId, t.ordinal),
    index("knowledge_chunks_agent_idx").on(t.agentId),
    index("knowledge_chunks_search_idx").using("gin", t.search),
    index("knowledge_chunks_trigram_idx").using("gin", sql`${t.content} gin_trgm_ops`),
  ],
);

export const knowledgeSchema = { knowledgeDocuments, knowledgeChunks };
