/**
 * The background half of ingestion: embedding the chunks of documents that wait for it, when an
 * embeddings endpoint is configured. Work is claimed from the database with a lease that the
 * embedder renews batch by batch, so a server that stopped mid-way leaves a document that the
 * next server (or another instance) resumes once the lease runs out — never "processing"
 * forever: after EMBEDDING_ATTEMPTS it is marked failed with the reason. A ready document
 * embedded with another model is re-embedded in place and stays searchable by words meanwhile.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock.js";
import type { Db } from "../db/connect.js";
import type { Embedder } from "../app-deps.js";
import type { KnowledgeIngestion } from "../feature-deps.js";
import {
  claimEmbeddingWork,
  documentChunksInOrder,
  finishDocument,
  renewClaim,
  writeChunkEmbeddings,
  type EmbeddingClaim,
} from "./embedding-queries.js";

/** How long a claim holds without renewal before another worker may take the document over. */
export const EMBEDDING_LEASE_MS = 60_000;
export const EMBEDDING_ATTEMPTS = 3;
/** Chunks sent to the embeddings endpoint per request. */
export const EMBEDDING_BATCH = 64;
/** How often abandoned work (a peer's expired lease, a model change) is looked for without a wake-up. */
const SWEEP_MS = 30_000;

export const embeddingFailed = (reason: string) =>
  `The embeddings service failed ${EMBEDDING_ATTEMPTS} times (${reason}). Re-index the document to try again.`;

// Declared with the dependencies every feature is handed (app-deps.ts, feature-deps.ts).
export type { Embedder } from "../app-deps.js";
export type { KnowledgeIngestion } from "../feature-deps.js";

export function createKnowledgeIngestion(deps: {
  db: Db;
  clock: Clock;
  embeddings: Embedder | null;
  log: FastifyBaseLogger;
}): KnowledgeIngestion {
  const { db, clock, embeddings, log } = deps;
  if (!embeddings) return { wake: () => undefined, idle: async () => undefined, close: async () => undefined };

  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  let wokenWhileRunning = false;

  const wake = () => {
    if (stopping.signal.aborted) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = drain()
      .catch((error: unknown) =>
        log.warn({ err: error }, "knowledge ingestion stopped early; it resumes at the next sweep"),
      )
      .finally(() => {
        running = null;
        if (wokenWhileRunning) {
          wokenWhileRunning = false;
          wake();
        }
      });
  };
  const sweep = setInterval(wake, SWEEP_MS);
  sweep.unref();

  async function drain(): Promise<void> {
    while (!stopping.signal.aborted) {
      const claim = await claimEmbeddingWork(db, {
        model: embeddings!.model,
        now: clock.now(),
        leaseMs: EMBEDDING_LEASE_MS,
      });
      if (!claim) return;
      await embedDocument(claim);
    }
  }

  async function embedDocument(claim: EmbeddingClaim): Promise<void> {
    try {
      const chunks = await documentChunksInOrder(db, claim.id);
      for (let start = 0; start < chunks.length; start += EMBEDDING_BATCH) {
        const batch = chunks.slice(start, start + EMBEDDING_BATCH);
        const vectors = await embeddings!.embed(
          batch.map((chunk) => chunk.content),
          stopping.signal,
        );
        await writeChunkEmbeddings(
          db,
          batch.map((chunk, i) => ({ id: chunk.id, embedding: vectors[i] })),
        );
        await renewClaim(db, claim.id, clock.now());
      }
      await finishDocument(db, claim.id, {
        status: "ready",
        error: null,
        embeddingModel: embeddings!.model,
        now: clock.now(),
      });
    } catch (error) {
      if (stopping.signal.aborted) return;
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, documentId: claim.id, attempt: claim.attempts }, "embedding a knowledge document failed");
      if (claim.status === "processing" && claim.attempts >= EMBEDDING_ATTEMPTS) {
        await finishDocument(db, claim.id, { status: "failed", error: embeddingFailed(reason), now: clock.now() });
      }
    }
  }

  return {
    wake,
    async idle() {
      while (running) await running;
    },
    async close() {
      stopping.abort();
      clearInterval(sweep);
      await running;
    },
  };
}
