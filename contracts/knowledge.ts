/**
 * Knowledge per agent (issue 13): documents an agent answers from, their limits, and the
 * citations a reply carries. Shared by the server (routes, ingestion, retrieval) and the web
 * (upload panel, citation chips).
 */
import { z } from "zod";

/** The largest file one upload may carry. */
export const KNOWLEDGE_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** The largest pasted text, in characters. */
export const KNOWLEDGE_TEXT_MAX_CHARS = 1_000_000;
export const KNOWLEDGE_TITLE_MAX = 200;
/** An uploaded file's name is kept to this many bytes of UTF-8: what file systems allow. */
export const KNOWLEDGE_FILE_NAME_MAX_BYTES = 255;
/**
 * Documents one agent may hold (processing, ready or failed): a manual is hundreds of pages.
 * Measured (bench/knowledge/manual): 382 pages of Python's manual make 3,767 passages, so
 * 1,000 pages stay well inside KNOWLEDGE_CHUNKS_PER_AGENT.
 */
export const KNOWLEDGE_DOCUMENTS_PER_AGENT = 1_000;
/**
 * Passages one agent may hold across its documents (issue 21: ≥ 200,000). The word search reads
 * only the passages a question's words select (measured at 101,709 passages: p95 59 ms added to
 * the answer), and vectors past the cache's size re-rank the word candidates (vector-search.ts).
 */
export const KNOWLEDGE_CHUNKS_PER_AGENT = 200_000;
/** Passages given to the model each turn. */
export const KNOWLEDGE_PASSAGES_PER_TURN = 5;

/** The file kinds we can read, by extension; the content is checked too (a lying name is refused). */
export const KNOWLEDGE_FILE_KINDS = ["txt", "md", "pdf", "docx", "html", "csv"] as const;
export type KnowledgeFileKind = (typeof KNOWLEDGE_FILE_KINDS)[number];
/** For the file picker's `accept` and the messages that list what is allowed. */
export const KNOWLEDGE_ACCEPT = ".txt,.md,.pdf,.docx,.html,.htm,.csv";

export const KNOWLEDGE_STATUSES = ["processing", "ready", "failed"] as const;
export type KnowledgeStatus = (typeof KNOWLEDGE_STATUSES)[number];

/** POST /api/agents/{id}/knowledge with a JSON body: pasted text with a title. */
export const KnowledgeTextSchema = z.object({
  title: z
    .string({ error: "title is required" })
    .trim()
    .min(1, "title is required")
    .max(KNOWLEDGE_TITLE_MAX, `title must be at most ${KNOWLEDGE_TITLE_MAX} characters`),
  text: z
    .string({ error: "text is required" })
    .max(KNOWLEDGE_TEXT_MAX_CHARS, `text must be at most ${KNOWLEDGE_TEXT_MAX_CHARS} characters`)
    .refine((value) => value.trim().length > 0, "text must not be empty"),
});
export type KnowledgeText = z.infer<typeof KnowledgeTextSchema>;

/** One document as the API shows it (POST answers it; GET lists them, newest first). */
export const KnowledgeDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(KNOWLEDGE_STATUSES),
  chunks: z
    .number()
    .int()
    .describe(
      "Chunks stored for retrieval; while processing, the chunks being indexed (0 before reading ends); 0 if failed.",
    ),
  kind: z.enum([...KNOWLEDGE_FILE_KINDS, "text"]).describe('The file\'s kind; "text" for pasted text.'),
  fileName: z.string().nullable(),
  sizeBytes: z.number().int(),
  error: z.string().nullable().describe("Why it failed, in words a person can act on; null unless failed."),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnowledgeDocument = z.infer<typeof KnowledgeDocumentSchema>;

/** A header an upload (or paste) may carry, a UUID the client chose, to ask later where it is in the queue. */
export const KNOWLEDGE_UPLOAD_ID_HEADER = "x-upload-id";

/** GET /api/knowledge/uploads: one of the caller's files being read or waiting to be. */
export const KnowledgeUploadProgressSchema = z.object({
  uploadId: z.string(),
  filesAhead: z.number().int().describe("Files that will be read before this one; 0 once it is being read."),
  reading: z.boolean(),
});
export type KnowledgeUploadProgress = z.infer<typeof KnowledgeUploadProgressSchema>;

/**
 * A passage a reply cites: only the passages whose marker [n] the reply contains, in marker
 * order. A reply that cites nothing carries no citations.
 */
export const CitationSchema = z.object({
  /** The n of the reply's [n]. */
  marker: z.number().int(),
  documentId: z.string(),
  title: z.string(),
  /** The passage's text, trimmed to a readable length. */
  snippet: z.string(),
  /** "page 3", "Returns › Refunds", "rows 20–40"…; null when the source has no structure. */
  location: z.string().nullable(),
});
export type Citation = z.infer<typeof CitationSchema>;

export const CITATION_SNIPPET_MAX = 600;

/**
 * Bidirectional controls (LRE…RLO, the isolates, LRM/RLM, the Arabic letter mark): in a file
 * name they only serve to disguise it ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf").
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** An extension longer than this is part of the name, not an extension. */
const EXTENSION_MAX_CHARS = 16;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** `text` cut to at most `maxBytes` of UTF-8 at a character boundary (never inside an emoji or an accent). */
function cutToBytes(text: string, maxBytes: number): string {
  let kept = "";
  let bytes = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)) {
    bytes += utf8Bytes(segment);
    if (bytes > maxBytes) break;
    kept += segment;
  }
  return kept;
}

/** An uploaded file's name as we store and show it: no bidi controls, at most 255 bytes, its extension kept. */
export function cleanKnowledgeFileName(name: string): string {
  const cleaned = name.replace(BIDI_CONTROLS, "").trim();
  if (utf8Bytes(cleaned) <= KNOWLEDGE_FILE_NAME_MAX_BYTES) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= EXTENSION_MAX_CHARS ? cleaned.slice(dot) : "";
  const stem = cleaned.slice(0, cleaned.length - extension.length);
  return cutToBytes(stem, KNOWLEDGE_FILE_NAME_MAX_BYTES - utf8Bytes(extension)).trimEnd() + extension;
}
