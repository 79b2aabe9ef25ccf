/**
 * Retrieval: the passages of an agent's knowledge that best answer a message. Four searches,
 * each over the chunks of the agent's ready documents only, fused by reciprocal rank:
 * - words, always (PostgreSQL full text: English Snowball stems, else 'simple' prefix terms; see query-terms.ts);
 * - character pairs, when the message holds Japanese, Chinese or Korean;
 * - the words again with a misspelt one corrected, when a typed word is in no passage (typos,
 *   missing accents): its closest stem in the agent's vocabulary, a typo away (similar-words.ts);
 * - vectors, when an embeddings provider is configured: the message is embedded and compared
 *   with the chunks embedded by the same model (all of them, or the word candidates only when
 *   the agent's vectors are too many to scan). If that fails, the other searches still answer.
 * When a rerank service is configured, it then reorders the fused candidates: a cross-encoder
 * reads the message with each passage, and its order wins; if it fails, the fused order stands.
 */
import type { Db } from "../../db/connect.js";
import type { EmbeddingsProvider } from "../../providers/embeddings/embeddings-provider.js";
import type { Reranker } from "../../providers/rerank/reranker.js";
import { MAX_QUERY_CHARS, queryTerms } from "./query-terms.js";
import { distinctPassages } from "./distinct-passages.js";
import { fuseByRank } from "./rank-fusion.js";
import { rankByCharacterPairs } from "./character-pair-search.js";
import { chunksForPassages, type RankedChunk } from "./search-queries.js";
import { rankByCorrectedWords } from "./similar-words.js";
import { rankByVector } from "./vector-search.js";
import { rankByWords } from "./word-search.js";

export interface Passage {
  chunkId: string;
  documentId: string;
  title: string;
  content: string;
  location: string | null;
  /** The fused score: higher is better; only comparable within one retrieval. */
  score: number;
}

export interface RetrievalInput {
  agentId: string;
  query: string;
  limit: number;
  /** Cancels the query's embedding request (the turn was abandoned). */
  signal?: AbortSignal;
  /** Told when the vector search could not run; the passages then come from the other searches. */
  onVectorSearchFailed?(error: unknown): void;
  /** Past this many floats of vectors the agent is not scanned whole (VECTOR_CACHE_FLOATS unless set). */
  vectorScanFloats?: number;
  /** Reorders the candidates when a rerank service is configured. */
  reranker?: Reranker | null;
  /** Told when the rerank service failed; the passages then keep the searches' fused order. */
  onRerankFailed?(error: unknown): void;
}

/** Candidates read per passage asked for, before near-duplicates are collapsed. */
const CANDIDATES_PER_PASSAGE = 4;

/** A turn does not wait longer than this for the message's embedding: words answer without it. */
export const QUERY_EMBEDDING_TIMEOUT_MS = 5_000;

export async function retrievePassages(
  db: Db,
  embeddings: Pick<EmbeddingsProvider, "model" | "embed"> | null,
  input: RetrievalInput,
): Promise<Passage[]> {
  if (input.limit <= 0 || input.query.trim() === "") return [];
  const terms = queryTerms(input.query);

  const byWordsSearch =
    terms.words.length > 0
      ? rankByWords(
          db,
          input.agentId,
          terms.words.map((word) => ({ english: word.english, simple: word.term })),
          terms.pairs,
        )
      : Promise.resolve({ ranked: [], matchedTerms: new Set<number>(), searchableChunks: null });
  // A large agent's vectors re-rank the word candidates (vector-search.ts); a failed word search
  // is reported by the await below, not twice.
  const wordCandidates = () => byWordsSearch.then((found) => found.ranked.map((chunk) => chunk.id)).catch(() => []);
  const [words, byPairs, byVector] = await Promise.all([
    byWordsSearch,
    terms.grams.length > 0 ? rankByCharacterPairs(db, input.agentId, terms.grams) : none(),
    embeddings ? searchByVector(db, embeddings, input, wordCandidates) : none(),
  ]);
  // An agent without knowledge (the usual case) costs its turn this one query and no more.
  if (words.searchableChunks === 0) return [];
  const byWords = words.ranked;
  const unmatched = terms.words.flatMap((word, i) => (word.typed && !words.matchedTerms.has(i) ? [i] : []));
  const bySimilarWords = unmatched.length > 0 ? await rankByCorrectedWords(db, input.agentId, terms, unmatched) : [];

  // The vectors vote first: when a model is configured it judges meaning better than shared
  // words, so an exact tie (a passage first by words, another first by meaning) goes its way.
  // More candidates than asked for, so those left after near-duplicates are collapsed still fill the limit.
  const best = fuseByRank([byVector, byWords, byPairs, bySimilarWords]).slice(0, input.limit * CANDIDATES_PER_PASSAGE);
  if (best.length === 0) return [];
  const chunks = new Map(
    (
      await chunksForPassages(
        db,
        input.agentId,
        best.map((item) => item.id),
      )
    ).map((c) => [c.id, c]),
  );
  const passages = best.flatMap(({ id, score }) => {
    const chunk = chunks.get(id);
    // Gone since it was ranked (deleted, re-indexed): skipped rather than shown stale.
    if (!chunk) return [];
    const { documentId, title, content, location } = chunk;
    return [{ chunkId: id, documentId, title, content, location, score }];
  });
  const ordered = input.reranker ? await rerankPassages(input.reranker, input, passages) : passages;
  return distinctPassages(ordered, input.limit);
}

/**
 * The candidates in the rerank service's order (every candidate, before near-duplicates are
 * collapsed: the service may judge a duplicate's twin best). Each is sent with its document's
 * title, which often names what the passage is about. Ties keep the fused order; the score
 * becomes the new order's.
 */
async function rerankPassages(reranker: Reranker, input: RetrievalInput, passages: Passage[]): Promise<Passage[]> {
  let relevance: number[];
  try {
    relevance = await reranker.rerank(
      input.query.slice(0, MAX_QUERY_CHARS),
      passages.map((passage) => `${passage.title}\n\n${passage.content}`),
      input.signal,
    );
  } catch (error) {
    // An abandoned turn needs no passages; anything else costs the order, not the passages.
    if (input.signal?.aborted) throw error;
    input.onRerankFailed?.(error);
    return passages;
  }
  return passages
    .map((passage, position) => ({ passage, position, relevance: relevance[position]! }))
    .sort((a, b) => (b.relevance === a.relevance ? a.position - b.position : b.relevance - a.relevance))
    .map(({ passage }, rank) => ({ ...passage, score: passages.length - rank }));
}

async function searchByVector(
  db: Db,
  embeddings: Pick<EmbeddingsProvider, "model" | "embed">,
  input: RetrievalInput,
  candidates: () => Promise<string[]>,
): Promise<RankedChunk[]> {
  try {
    const timeout = AbortSignal.timeout(QUERY_EMBEDDING_TIMEOUT_MS);
    const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
    const [query] = await embeddings.embed([input.query.slice(0, MAX_QUERY_CHARS)], signal);
    if (!query) return [];
    return await rankByVector(db, {
      agentId: input.agentId,
      model: embeddings.model,
      query,
      candidates,
      scanFloats: input.vectorScanFloats,
    });
  } catch (error) {
    input.onVectorSearchFailed?.(error);
    return [];
  }
}

const none = async (): Promise<RankedChunk[]> => [];
