/**
 * The SQL of retrieval, as plain (db, params) functions: what every search shares, the
 * vocabulary's neighbours of a word (typo tolerance), the vectors and the passages to show. The
 * searches themselves are word-search.ts and character-pair-search.ts. Every read looks only at
 * the chunks of one agent's searchable documents (word-searchable.ts: ready, or being embedded;
 * vectors on ready ones only). Lists travel as one JSON parameter, the one form both drivers
 * (node-postgres and PGlite) pass unchanged.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { wordSearchableSql } from "../word-searchable.js";

/** How many candidates each search hands to the fusion. */
export const CANDIDATES_PER_SEARCH = 50;

export interface RankedChunk {
  id: string;
  score: number;
}

export interface ChunkForPassage {
  id: string;
  documentId: string;
  title: string;
  content: string;
  location: string | null;
}

/** The rows of a raw statement's result, as both drivers return them. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** A question's word and the stems of the agent's vocabulary that look most like it. */
export interface VocabularyNeighbours {
  /** The word's position in the list asked about (from 0). */
  word: number;
  /** The word's own English stem, what the neighbours are compared with. */
  stem: string;
  neighbours: { lexeme: string; chunks: number }[];
}

/** Stems read per word: the closest by trigrams, judged by edit distance afterwards. */
const NEIGHBOURS_PER_WORD = 16;
/**
 * A loose net, below pg_trgm's default of 0.3: two swapped letters break up to three trigrams,
 * which leaves a short word like "obejct" at 0.27 from "object". similar-words.ts keeps only what
 * is a typo away.
 */
const NEIGHBOUR_SIMILARITY = 0.2;

/**
 * For each word, the stems of the agent's vocabulary (knowledge_terms: the English stems of its
 * searchable passages, kept at upload) most like the word's own stem by trigrams, among those
 * that begin with the same letter and are within two letters of its length: one range of the
 * table's key, so the vocabulary is read and never a passage, and only a slice of it.
 * `similarity()` is called, not pg_trgm's `%`: PGlite's pg_trgm cannot read the threshold
 * setting `%` depends on (`%` matched nothing there, and `show pg_trgm.similarity_threshold`
 * crashed the process), which also rules out its trigram indexes for this search.
 */
export async function vocabularyNeighbours(db: Db, agentId: string, words: string[]): Promise<VocabularyNeighbours[]> {
  const result = await db.execute(sql`
    with words as materialized (
      -- No stem is an English stop word ("through", "during"): in no passage's stems, and no typo.
      select (t.n - 1)::int as word,
             (select min(l) from unnest(tsvector_to_array(to_tsvector('english', t.w))) as l) as stem
        from json_array_elements_text(${JSON.stringify(words)}::json) with ordinality as t(w, n)
    )
    select w.word, w.stem,
           coalesce((select json_agg(json_build_object('lexeme', k.lexeme, 'chunks', k.chunks))
                       from (select lexeme, chunks from knowledge_terms
                              where agent_id = ${agentId}
                                -- A range of the key, then the exact test: in a collation that is not in
                                -- code-point order (C.UTF-8 and PGlite's are) the range may leave some out.
                                and lexeme >= left(w.stem, 1) and lexeme < left(w.stem, 1) || chr(1114111)
                                and starts_with(lexeme, left(w.stem, 1))
                                and abs(char_length(lexeme) - char_length(w.stem)) <= 2
                                and chunks > 0 and similarity(lexeme, w.stem) >= ${NEIGHBOUR_SIMILARITY}
                              order by similarity(lexeme, w.stem) desc, chunks desc, lexeme
                              limit ${NEIGHBOURS_PER_WORD}) as k), '[]'::json) as neighbours
      from words w
     where w.stem is not null
     order by w.word`);
  return rowsOf<Omit<VocabularyNeighbours, "neighbours"> & { neighbours: VocabularyNeighbours["neighbours"] | string }>(
    result,
  ).map((row) => ({
    ...row,
    neighbours: typeof row.neighbours === "string" ? JSON.parse(row.neighbours) : row.neighbours,
  }));
}

export interface EmbeddedDocument {
  id: string;
  /** Changes whenever the row does (the row version's transaction id), so cached vectors know they are stale. */
  version: string;
  chunkCount: number;
}

/** The agent's ready documents whose chunks were embedded with `model`. */
export async function embeddedDocumentsOf(db: Db, agentId: string, model: string): Promise<EmbeddedDocument[]> {
  const result = await db.execute(sql`
    select id, xmin::text as version, chunk_count as "chunkCount" from knowledge_documents
     where agent_id = ${agentId} and status = 'ready' and embedding_model = ${model}`);
  return rowsOf<EmbeddedDocument>(result);
}

/** The vectors of some of the agent's chunks (by id), where their ready document was embedded with `model`. */
export async function vectorsOfChunks(
  db: Db,
  input: { agentId: string; model: string; ids: string[] },
): Promise<{ id: string; documentId: string; vector: Uint8Array }[]> {
  const result = await db.execute(sql`
    with found as materialized (
      select id, document_id, agent_id, embedding from knowledge_chunks
       where id = any(array(select value::uuid from json_array_elements_text(${JSON.stringify(input.ids)}::json)))
    )
    select c.id, c.document_id as "documentId", array_send(c.embedding) as vector
      from found c
      join knowledge_documents d on d.id = c.document_id and d.status = 'ready' and d.embedding_model = ${input.model}
     where c.agent_id = ${input.agentId} and c.embedding is not null`);
  return rowsOf(result);
}

/**
 * The embedded chunks of some documents, each vector in PostgreSQL's binary array form
 * (array_send): read as bytes it costs a fraction of parsing "{0.1,0.2,…}" text.
 */
export async function chunkVectorsOf(
  db: Db,
  documentIds: string[],
): Promise<{ id: string; documentId: string; vector: Uint8Array }[]> {
  const result = await db.execute(sql`
    select c.id, c.document_id as "documentId", array_send(c.embedding) as vector
      from knowledge_chunks c
     where c.document_id in (select value::uuid from json_array_elements_text(${JSON.stringify(documentIds)}::json))
       and c.embedding is not null`);
  return rowsOf(result);
}

/** The chunks to show, with their document's title; still only the agent's searchable ones. */
export async function chunksForPassages(db: Db, agentId: string, ids: string[]): Promise<ChunkForPassage[]> {
  // The passages by their primary key alone, then checked against the agent and its searchable
  // documents: written as one join, with statistics older than the agent's documents, the
  // planner walked every chunk of the agent document by document (3,767 chunks, 300-440 ms,
  // for 20 passages of the measured manual).
  const result = await db.execute(sql`
    with found as materialized (
      select id, document_id, agent_id, content, location from knowledge_chunks
       where id = any(array(select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json)))
    )
    select c.id, c.document_id as "documentId", d.title, c.content, c.location
      from found c join knowledge_documents d on d.id = c.document_id and d.status in ${wordSearchableSql}
     where c.agent_id = ${agentId}`);
  return rowsOf<ChunkForPassage>(result);
}
