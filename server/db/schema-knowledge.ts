/**
 * Knowledge per agent (issue 13): the documents an agent answers from and the chunks retrieval
 * searches. Kept beside schema.ts (which it extends, and which never imports it back); both
 * files generate the migrations.
 */
import { sql } from "drizzle-orm";
import { customType, index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    /**
     * The title's words, English stems and plain words together: retrieval adds a query word's
     * weight to the passages of a document whose title holds it (decision 145). Stored, so a
     * search matches it without building a vector per document and query word.
     */
    titleSearch: tsvector("title_search")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, title) || to_tsvector('simple'::regconfig, title)`),
    kind: text("kind", { enum: [...KNOWLEDGE_FILE_KINDS, "text"] }).notNull(),
    fileName: text("file_name"),
    sizeBytes: integer("size_bytes").notNull(),
    /**
     * The API's statuses, and "storing": the passages are being written in short batches
     * (knowledge/queries.ts); hidden from search, listed as processing, its passages already
     * counted in knowledge_terms.
     */
    status: text("status", { enum: [...KNOWLEDGE_STATUSES, "storing"] })
      .notNull()
      .default("processing"),
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
 * language-independent word index ('simple' configuration, accents folded by the writer),
 * `search_english` the stemmed one, `search_pairs` the character pairs of scripts written
 * without spaces (Japanese, Chinese, Korean).
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
    /**
     * English words by their Snowball stems ("repeats" and "repeated" are "repeat", "overlapping"
     * is "overlap"), the heading path weighted B so a passage under a heading about the words
     * ranks above one that mentions them in passing. Searched first; `search` answers for the
     * words it does not know (other languages' inflections, by prefix).
     */
    searchEnglish: tsvector("search_english")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, coalesce(location, '')), 'B') || to_tsvector('english'::regconfig, content)`,
      ),
    /**
     * Overlapping character pairs of each run of Japanese, Chinese or Korean script, one lexeme
     * each (`knowledge_cjk_pairs`, migration 0028; the same pairs as search/cjk-pairs.ts makes of
     * a question): a question's pairs are looked up in the index, not searched for in every
     * passage's text (decision 161).
     */
    searchPairs: tsvector("search_pairs")
      .notNull()
      .generatedAlwaysAs(sql`knowledge_cjk_pairs(content)`),
    embedding: real("embedding").array(),
  },
  (t) => [
    index("knowledge_chunks_document_idx").on(t.documentId, t.ordinal),
    // The agent first (btree_gin): a word's lookup lists the agent's passages only, not every
    // agent's that hold the word (decision 118). It also answers `agent_id =` alone: a btree on
    // the agent beside it drew the planner, with stale statistics, into walking the agent's chunks.
    index("knowledge_chunks_agent_search_idx").using("gin", t.agentId, t.search),
    index("knowledge_chunks_agent_search_english_idx").using("gin", t.agentId, t.searchEnglish),
    index("knowledge_chunks_agent_search_pairs_idx").using("gin", t.agentId, t.searchPairs),
  ],
);

/**
 * How many of an agent's searchable passages (chunks of its ready documents) hold each English
 * stem of `search_english`: kept by the writes in knowledge/queries.ts as documents become ready,
 * are re-indexed or deleted, so retrieval reads a common word's rarity from one row instead of
 * listing its thousands of passages (decision 118). A row may reach 0 and stay.
 */
export const knowledgeTerms = pgTable(
  "knowledge_terms",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    lexeme: text("lexeme").notNull(),
    chunks: integer("chunks").notNull(),
  },
  // The key also serves a misspelt word's search for its neighbours (search/similar-words.ts):
  // the agent's stems that begin with the word's first letter are one range of it.
  (t) => [primaryKey({ columns: [t.agentId, t.lexeme] })],
);

/**
 * A document's file as uploaded (UTF-8 for pasted text), kept for re-indexing, in parts of at
 * most FILE_PART_BYTES (knowledge/queries.ts) written one statement each: a 20 MB file written as
 * one value held PGlite's only thread for 0.6–1.6 s, and every other chat with it (decision 159).
 */
export const knowledgeDocumentParts = pgTable(
  "knowledge_document_parts",
  {
    documentId: uuid("document_id")
      .notNull()
      .references(() => knowledgeDocuments.id, { onDelete: "cascade" }),
    part: integer("part").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.part] })],
);

export const knowledgeSchema = { knowledgeDocuments, knowledgeChunks, knowledgeTerms, knowledgeDocumentParts };
