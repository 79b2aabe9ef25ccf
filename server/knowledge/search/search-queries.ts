/**
 * The SQL of retrieval, as plain (db, params) functions. Every search looks only at the chunks
 * of one agent's documents that are ready. Lists travel as one JSON parameter, the one form
 * both drivers (node-postgres and PGlite) pass unchanged.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/connect.js";

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

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

const readyChunksOf = (agentId: string): SQL => sql`
  knowledge_chunks c
  join knowledge_documents d on d.id = c.document_id and d.status = 'ready'
  where c.agent_id = ${agentId}`;

/** Candidates re-ranked with term counts: reading a chunk's word index costs, the index lookups do not. */
const RERANKED_BY_COUNTS = 100;

/** BM25's term-frequency saturation and length normalisation (Robertson's usual values). */
const BM25_K1 = sql.raw("1.2");
const BM25_B = sql.raw("0.75");

/**
 * Word search, ranked like BM25. Each
 * term weighs by its rarity among the agent's ready chunks (idf); which chunks hold which term
 * comes from the GIN index alone. Only the best RERANKED_BY_COUNTS are then read to count
 * occurrences (ts_rank_cd of a one-term query is 0.1 per occurrence), saturating as BM25 does,
 * and weighed against the passage's length (its distinct words, against the candidates'
 * average), so a long passage that mentions a term in passing does not crowd out a short one
 * about it.
 */
export async function rankByWords(
  db: Db,
  agentId: string,
  terms: string[],
): Promise<{
  ranked: RankedChunk[];
  /** Positions in `terms` of those some chunk holds. */ matchedTerms: Set<number>;
  /** Passages in the agent's ready documents: 0 means it has no knowledge to search at all. */
  readyChunks: number;
}> {
  const result = await db.execute(sql`
    with terms as (
      select t.n, to_tsquery('simple', t.q) as q
        from json_array_elements_text(${JSON.stringify(terms)}::json) with ordinality as t(q, n)
    ),
    ready as (select id, chunk_count from knowledge_documents where agent_id = ${agentId} and status = 'ready'),
    hits as (
      select t.n, c.id from terms t
        join knowledge_chunks c on c.search @@ t.q
       where c.agent_id = ${agentId} and c.document_id in (select id from ready)
    ),
    weights as (
      select f.n, ln(1 + (total.n - f.df + 0.5) / (f.df + 0.5)) as idf
        from (select n, count(*)::float8 as df from hits group by n) f
       cross join (select greatest(coalesce(sum(chunk_count), 0), (select count(distinct id) from hits))::float8 as n
                     from ready) total
    ),
    best as (
      select h.id from hits h join weights w on w.n = h.n
       group by h.id order by sum(w.idf) desc, h.id limit ${RERANKED_BY_COUNTS}
    ),
    counts as (
      select h.id, h.n, ts_rank_cd(c.search, t.q, 0) / 0.1 as tf, length(c.search)::float8 as len
        from best b
        join hits h on h.id = b.id
        join terms t on t.n = h.n
        join knowledge_chunks c on c.id = b.id
    ),
    average as (select coalesce(nullif(avg(len), 0), 1) as len from counts),
    scored as (
      select k.id, sum(w.idf * k.tf * (${BM25_K1} + 1)
                       / (k.tf + ${BM25_K1} * (1 - ${BM25_B} + ${BM25_B} * k.len / average.len)))::float8 as score
        from counts k join weights w on w.n = k.n cross join average
       group by k.id
       order by score desc, k.id
       limit ${CANDIDATES_PER_SEARCH}
    )
    -- One row even when nothing matched, so the caller learns whether there is knowledge at all.
    select coalesce((select json_agg(json_build_object('id', id, 'score', score) order by score desc, id) from scored),
                    '[]'::json) as ranked,
           (select array_agg(n::int) from weights) as "matchedTerms",
           (select coalesce(sum(chunk_count), 0)::int from ready) as "readyChunks"`);
  const [row] = rowsOf<{ ranked: RankedChunk[] | string; matchedTerms: number[] | null; readyChunks: number }>(result);
  const ranked = typeof row?.ranked === "string" ? (JSON.parse(row.ranked) as RankedChunk[]) : (row?.ranked ?? []);
  // Ordinality counts from 1.
  const matchedTerms = new Set((row?.matchedTerms ?? []).map((n) => n - 1));
  return { ranked, matchedTerms, readyChunks: row?.readyChunks ?? 0 };
}

/**
 * Character-pair search for text without spaces: a chunk scores the rarity (idf) of each pair it
 * contains. A substring test over the agent's chunks: pairs are too short for the trigram
 * index, and the agent's chunks are bounded (KNOWLEDGE_CHUNKS_PER_AGENT).
 */
export async function rankByCharacterPairs(db: Db, agentId: string, grams: string[]): Promise<RankedChunk[]> {
  const result = await db.execute(sql`
    with grams as (select g from json_array_elements_text(${JSON.stringify(grams)}::json) as t(g)),
    chunks as (select c.id, c.content from ${readyChunksOf(agentId)}),
    hits as (select chunks.id, grams.g from chunks join grams on strpos(chunks.content, grams.g) > 0),
    frequency as (select g, count(*) as df from hits group by g),
    total as (select count(*)::float8 as n from chunks)
    select h.id, sum(ln(1 + (total.n - f.df + 0.5) / (f.df + 0.5)))::float8 as score
      from hits h join frequency f on f.g = h.g cross join total
     group by h.id
     order by score desc, h.id
     limit ${CANDIDATES_PER_SEARCH}`);
  return rowsOf<RankedChunk>(result);
}

/**
 * Above this many ready chunks an agent gets no similar-word search: word_similarity reads a
 * whole chunk, and the trigram index cannot narrow the search (a chunk of ~800 tokens holds most
 * trigrams of any word), so it costs ~0.1–0.3 ms per chunk and word — seconds at 10,000 chunks.
 */
export const SIMILAR_WORDS_MAX_CHUNKS = 300;
const SIMILAR_WORD_THRESHOLD = 0.45;

/**
 * Trigram similarity of words to the closest stretch of each chunk: finds misspelt words and
 * words typed without their accents ("garantia" → "garantía"), which no prefix matches.
 */
export async function rankBySimilarWords(db: Db, agentId: string, words: string[]): Promise<RankedChunk[]> {
  const result = await db.execute(sql`
    with ready as (select id, chunk_count from knowledge_documents where agent_id = ${agentId} and status = 'ready'),
    words as (select w from json_array_elements_text(${JSON.stringify(words)}::json) as t(w))
    select c.id, sum(s.similarity)::float8 as score
      from knowledge_chunks c
     cross join lateral (select word_similarity(words.w, c.content) as similarity from words) s
     where c.agent_id = ${agentId} and c.document_id in (select id from ready)
       and (select coalesce(sum(chunk_count), 0) from ready) <= ${SIMILAR_WORDS_MAX_CHUNKS}
       and s.similarity >= ${SIMILAR_WORD_THRESHOLD}
     group by c.id
     order by score desc, c.id
     limit ${CANDIDATES_PER_SEARCH}`);
  return rowsOf<RankedChunk>(result);
}

export interface EmbeddedDocument {
  id: string;
  /** Changes whenever the row does (the row version's transaction id), so cached vectors know they are stale. */
  version: string;
}

/** The agent's ready documents whose chunks were embedded with `model`. */
export async function embeddedDocumentsOf(db: Db, agentId: string, model: string): Promise<EmbeddedDocument[]> {
  const result = await db.execute(sql`
    select id, xmin::text as version from knowledge_documents
     where agent_id = ${agentId} and status = 'ready' and embedding_model = ${model}`);
  return rowsOf<EmbeddedDocument>(result);
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

/** The chunks to show, with their document's title; still only the agent's ready ones. */
export async function chunksForPassages(db: Db, agentId: string, ids: string[]): Promise<ChunkForPassage[]> {
  const result = await db.execute(sql`
    select c.id, c.document_id as "documentId", d.title, c.content, c.location from ${readyChunksOf(agentId)}
       and c.id in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`);
  return rowsOf<ChunkForPassage>(result);
}
