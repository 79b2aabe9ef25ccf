/**
 * Which documents the word searches read (decision 169): the ready ones, and those being embedded
 * ("processing"), whose passages are all stored and counted — a slow or failing embeddings
 * service must not keep an agent's knowledge out of its turns. A document still being stored is
 * not searched, nor is a failed one. Vectors are compared on ready documents only: a document
 * being embedded has some of its vectors at most.
 */
import { sql } from "drizzle-orm";
import type { knowledgeDocuments } from "../db/schema-knowledge.js";

/** A document's status as stored: the API's, and "storing". */
export type StoredStatus = (typeof knowledgeDocuments.$inferSelect)["status"];

export const WORD_SEARCHABLE_STATUSES = ["ready", "processing"] as const satisfies StoredStatus[];

/** The same list for SQL: `status in ${wordSearchableSql}`. */
export const wordSearchableSql = sql.raw(`(${WORD_SEARCHABLE_STATUSES.map((status) => `'${status}'`).join(", ")})`);

export function isWordSearchable(status: StoredStatus | null): boolean {
  return (WORD_SEARCHABLE_STATUSES as readonly (string | null)[]).includes(status);
}

/**
 * Whether a document in this status has its passages' words in knowledge_terms: a searchable one,
 * and one being stored (its batches are counted as they are written, so that finishing is cheap).
 */
export function wordsCounted(status: StoredStatus | null): boolean {
  return status === "storing" || isWordSearchable(status);
}
