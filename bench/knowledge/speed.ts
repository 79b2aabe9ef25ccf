/**
 * Retrieval time at scale, on PostgreSQL: one agent with KNOWLEDGE_BENCH_CHUNKS chunks (the real
 * corpus plus synthetic documents), other agents with more chunks beside it so the agent filter
 * has work to do, every chunk of the measured agent embedded. Each query runs full text and
 * hybrid back to back, alternating which goes first, so the machine's load falls on both alike;
 * the query's embedding round trip to the fake server and a bare `select 1` are timed beside them.
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/connect.js";
import { queryTerms } from "../../server/knowledge/search/query-terms.js";
import { retrievePassages } from "../../server/knowledge/search/retrieve-passages.js";
import type { EmbeddingsProvider } from "../../server/providers/embeddings/embeddings-provider.js";
import { makeOwnerWithAgent, type Owner } from "./bench-database.js";
import type { CorpusFile } from "./corpus.js";
import { embedAgentKnowledge, ingestCorpus, storeReadyDocument } from "./ingest.js";
import { QUESTIONS } from "./questions.js";
import { RECALL_AT } from "./recall.js";
import { seededRandom, sentencesOf, syntheticDocument, syntheticQuery, type Random } from "./synthetic-corpus.js";

export interface SpeedOptions {
  chunks: number;
  otherAgents: number;
  otherChunks: number;
  queries: number;
  chunksPerDocument: number;
}

export interface Timings {
  fullText: number[];
  hybrid: number[];
  queryEmbedding: number[];
  selectOne: number[];
  /** Misspelt queries, apart from the others: too few word hits start the similar-words search. */
  misspelt: { fullText: number[]; hybrid: number[] };
  /** Per query, the measured agent's chunks holding any of its words: the work the word search ranks. */
  matchedChunks: number[];
  coldHybridMs: number;
  insertMs: number;
  embed: { chunks: number; ms: number };
}

/** Typos customers make, each leaving fewer word hits than passages asked for. */
const MISSPELT = ["warrenty?", "refnud", "batery lifespan", "how lnog is the warantee", "replacment filtre"];

async function addSyntheticDocuments(
  db: Db,
  owner: Owner,
  count: number,
  perDocument: number,
  random: Random,
  sentences: string[],
) {
  for (let made = 0, n = 1; made < count; n++) {
    const size = Math.min(perDocument, count - made);
    const chunks = syntheticDocument(random, sentences, size).map((content, ordinal) => ({
      ordinal,
      content,
      location: `page ${ordinal + 1}`,
    }));
    const text = chunks.map((chunk) => chunk.content).join("\n\n");
    await storeReadyDocument(db, owner, {
      title: `Synthetic handbook ${n}`,
      kind: "txt",
      fileName: `handbook-${n}.txt`,
      bytes: new TextEncoder().encode(text),
      chunks,
    });
    made += size;
  }
}

/** Outside the timings: how many of the agent's chunks the word index finds for the query's words. */
async function chunksHoldingAnyWord(db: Db, agentId: string, query: string): Promise<number> {
  const { words } = queryTerms(query);
  if (words.length === 0) return 0;
  const result = await db.execute(sql`
    select count(*)::int as n from knowledge_chunks
     where agent_id = ${agentId} and search @@ to_tsquery('simple', ${words.map((word) => word.term).join(" | ")})`);
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
}

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function measureSpeed(
  db: Db,
  embeddings: EmbeddingsProvider,
  corpus: CorpusFile[],
  options: SpeedOptions,
  log: (line: string) => void,
): Promise<Timings> {
  const random = seededRandom(13);
  const insertStarted = performance.now();
  const owner = await makeOwnerWithAgent(db, "measured");
  const real = await ingestCorpus(db, owner, corpus);
  const sentences = sentencesOf(real.flatMap((file) => file.chunks));
  const realChunks = real.reduce((sum, file) => sum + file.chunks.length, 0);
  await addSyntheticDocuments(db, owner, options.chunks - realChunks, options.chunksPerDocument, random, sentences);
  for (let i = 0; i < options.otherAgents; i++) {
    const other = await makeOwnerWithAgent(db, `other ${i + 1}`);
    const share = Math.ceil(options.otherChunks / options.otherAgents);
    await addSyntheticDocuments(db, other, share, options.chunksPerDocument, random, sentences);
  }
  await db.execute(sql`analyze knowledge_documents`);
  await db.execute(sql`analyze knowledge_chunks`);
  const insertMs = performance.now() - insertStarted;
  log(
    `stored ${options.chunks} chunks for the measured agent and ${options.otherChunks} for ${options.otherAgents} others in ${(insertMs / 1000).toFixed(1)} s`,
  );

  const embed = await embedAgentKnowledge(db, embeddings, owner.agentId);
  log(`embedded the measured agent's ${embed.chunks} chunks in ${(embed.ms / 1000).toFixed(1)} s`);

  const queries = [...QUESTIONS.map((q) => q.question)];
  while (queries.length < options.queries) queries.push(syntheticQuery(random, sentences));
  queries.length = options.queries;

  const run = (query: string, withVectors: boolean) =>
    retrievePassages(db, withVectors ? embeddings : null, { agentId: owner.agentId, query, limit: RECALL_AT });
  // The first hybrid search reads the agent's vectors into the process; later ones use the cache.
  const coldHybridMs = await timed(() => run(queries[0], true));
  for (const query of queries.slice(0, 5)) await run(query, false);

  const timings: Timings = {
    ...{ fullText: [], hybrid: [], queryEmbedding: [], selectOne: [], matchedChunks: [] },
    misspelt: { fullText: [], hybrid: [] },
    ...{ coldHybridMs, insertMs, embed },
  };
  const loadBefore = loadavg()[0];
  for (const [index, query] of queries.entries()) {
    const order = index % 2 === 0 ? [false, true] : [true, false];
    for (const withVectors of order) {
      const ms = await timed(() => run(query, withVectors));
      (withVectors ? timings.hybrid : timings.fullText).push(ms);
    }
    timings.queryEmbedding.push(await timed(() => embeddings.embed([query])));
    timings.selectOne.push(await timed(() => db.execute(sql`select 1`)));
  }
  for (const query of MISSPELT) {
    timings.misspelt.fullText.push(await timed(() => run(query, false)));
    timings.misspelt.hybrid.push(await timed(() => run(query, true)));
  }
  for (const query of queries) timings.matchedChunks.push(await chunksHoldingAnyWord(db, owner.agentId, query));
  log(`${queries.length} queries, load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}`);
  return timings;
}
