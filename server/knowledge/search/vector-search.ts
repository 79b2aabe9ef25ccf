/**
 * Vector search in the process: pgvector is not installed on either engine we run, so the
 * agent's chunk vectors are read once into Float32Arrays (unit length), kept per document
 * version, and compared with the query by dot product: a few million multiply-adds.
 *
 * An agent whose vectors would not fit the cache (a manual of 200,000 passages holds 1.2 GB of
 * 1,536-dimension vectors) is not scanned: reading every vector on every question would cost
 * seconds and that memory each time. Its vectors re-rank the word search's candidates instead,
 * read by id, so meaning still orders what words found (decision 158).
 *
 * The cache is checked against the documents' row versions on every search, so an edit made by
 * another instance (re-index, delete, new model) is never answered from stale vectors.
 */
import type { Db } from "../../db/connect.js";
import {
  CANDIDATES_PER_SEARCH,
  chunkVectorsOf,
  embeddedDocumentsOf,
  vectorsOfChunks,
  type RankedChunk,
} from "./search-queries.js";

interface DocumentVectors {
  chunkIds: string[];
  dimensions: number;
  /** chunkIds.length rows of `dimensions` floats, each row of unit length. */
  matrix: Float32Array;
}

/** Floats kept across all agents: 16 M floats = 64 MB, ten thousand 1,536-dimension chunks. */
export const VECTOR_CACHE_FLOATS = 16_000_000;

/** One cache per database, so tests (and a process that opens two) never share vectors. */
const caches = new WeakMap<Db, Map<string, DocumentVectors>>();

export interface VectorSearchInput {
  agentId: string;
  model: string;
  query: number[];
  /** The word search's candidates, asked for only when the agent is too large to scan. */
  candidates(): Promise<string[]>;
  /** The floats an agent's vectors may take and still be scanned whole (the cache's size by default). */
  scanFloats?: number;
}

export async function rankByVector(db: Db, input: VectorSearchInput): Promise<RankedChunk[]> {
  const documents = await embeddedDocumentsOf(db, input.agentId, input.model);
  if (documents.length === 0) return [];
  const chunks = documents.reduce((sum, document) => sum + document.chunkCount, 0);
  if (chunks * input.query.length > (input.scanFloats ?? VECTOR_CACHE_FLOATS)) return rankCandidates(db, input);
  const cache = cacheOf(db);
  const keyOf = (document: { id: string; version: string }) => `${document.id}@${document.version}`;
  // This search's vectors, whether or not the cache can keep them all.
  const current = new Map<string, DocumentVectors>();
  for (const document of documents) {
    const vectors = cache.get(keyOf(document));
    if (!vectors) continue;
    current.set(document.id, vectors);
    // Refresh recency: a Map iterates in insertion order, the oldest entry is evicted first.
    cache.delete(keyOf(document));
    cache.set(keyOf(document), vectors);
  }
  const missing = documents.filter((document) => !current.has(document.id));
  if (missing.length > 0) {
    const loaded = groupByDocument(
      await chunkVectorsOf(
        db,
        missing.map((document) => document.id),
      ),
    );
    for (const document of missing) {
      const vectors = loaded.get(document.id) ?? emptyVectors();
      current.set(document.id, vectors);
      remember(cache, keyOf(document), vectors);
    }
  }

  const query = unitVector(Float32Array.from(input.query));
  const best = new TopScores(CANDIDATES_PER_SEARCH);
  for (const vectors of current.values()) {
    // Another length means another model under the same name: nothing comparable.
    if (vectors.dimensions === query.length) scoreAll(vectors, query, best);
  }
  return best.sorted();
}

/** The word search's candidates ordered by their vectors' likeness to the query. */
async function rankCandidates(db: Db, input: VectorSearchInput): Promise<RankedChunk[]> {
  const ids = await input.candidates();
  if (ids.length === 0) return [];
  const rows = await vectorsOfChunks(db, { agentId: input.agentId, model: input.model, ids });
  const query = unitVector(Float32Array.from(input.query));
  const best = new TopScores(CANDIDATES_PER_SEARCH);
  for (const vectors of groupByDocument(rows).values()) {
    if (vectors.dimensions === query.length) scoreAll(vectors, query, best);
  }
  return best.sorted();
}

function scoreAll(vectors: DocumentVectors, query: Float32Array, best: TopScores): void {
  const { matrix, dimensions, chunkIds } = vectors;
  for (let row = 0; row < chunkIds.length; row++) {
    const offset = row * dimensions;
    let dot = 0;
    for (let i = 0; i < dimensions; i++) dot += matrix[offset + i]! * query[i]!;
    best.offer(chunkIds[row]!, dot);
  }
}

function cacheOf(db: Db): Map<string, DocumentVectors> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

function remember(cache: Map<string, DocumentVectors>, key: string, vectors: DocumentVectors): void {
  // An older version of the same document is garbage now.
  const documentId = key.slice(0, key.indexOf("@"));
  for (const old of cache.keys()) if (old.startsWith(`${documentId}@`)) cache.delete(old);
  cache.set(key, vectors);
  let floats = 0;
  for (const entry of cache.values()) floats += entry.matrix.length;
  for (const [oldKey, entry] of cache) {
    if (floats <= VECTOR_CACHE_FLOATS || oldKey === key) break;
    cache.delete(oldKey);
    floats -= entry.matrix.length;
  }
}

function groupByDocument(rows: { id: string; documentId: string; vector: Uint8Array }[]): Map<string, DocumentVectors> {
  const byDocument = new Map<string, { id: string; vector: Float32Array }[]>();
  for (const row of rows) {
    const list = byDocument.get(row.documentId) ?? [];
    list.push({ id: row.id, vector: unitVector(decodeFloat4Array(row.vector)) });
    byDocument.set(row.documentId, list);
  }
  const result = new Map<string, DocumentVectors>();
  for (const [documentId, chunks] of byDocument) {
    const dimensions = chunks[0]!.vector.length;
    const usable = chunks.filter((chunk) => chunk.vector.length === dimensions);
    const matrix = new Float32Array(usable.length * dimensions);
    usable.forEach((chunk, row) => matrix.set(chunk.vector, row * dimensions));
    result.set(documentId, { chunkIds: usable.map((chunk) => chunk.id), dimensions, matrix });
  }
  return result;
}

function emptyVectors(): DocumentVectors {
  return { chunkIds: [], dimensions: 0, matrix: new Float32Array(0) };
}

/**
 * Reads array_send's binary form of a one-dimensional real[]: ndim, has-nulls flag, element
 * type, then (length, lower bound) per dimension, then per element a 4-byte length (-1 for a
 * null) and a big-endian float4.
 */
export function decodeFloat4Array(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dimensions = view.getInt32(0);
  if (dimensions === 0) return new Float32Array(0);
  if (dimensions !== 1) throw new Error(`expected a one-dimensional array, got ${dimensions} dimensions`);
  const length = view.getInt32(12);
  const values = new Float32Array(length);
  let offset = 20;
  for (let i = 0; i < length; i++) {
    const size = view.getInt32(offset);
    offset += 4;
    if (size === 4) values[i] = view.getFloat32(offset);
    if (size > 0) offset += size;
  }
  return values;
}

export function unitVector(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = vector[i]! / norm;
  return vector;
}

/** Keeps the `size` highest scores seen; cheaper than sorting every chunk. */
class TopScores {
  private readonly entries: RankedChunk[] = [];
  private floor = -Infinity;
  constructor(private readonly size: number) {}

  offer(id: string, score: number): void {
    if (this.entries.length >= this.size && score <= this.floor) return;
    this.entries.push({ id, score });
    if (this.entries.length > this.size * 2) this.trim();
  }

  sorted(): RankedChunk[] {
    this.trim();
    return this.entries;
  }

  private trim(): void {
    this.entries.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    this.entries.length = Math.min(this.entries.length, this.size);
    if (this.entries.length >= this.size) this.floor = this.entries[this.entries.length - 1]!.score;
  }
}
