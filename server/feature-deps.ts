/** What every feature's routes receive: the app's dependencies plus the auth guards. */
import type { AppDeps, Embedder, Reranker } from "./app-deps.js";
import type { Guards } from "./auth/guards.js";
import type { Db } from "./db/connect.js";
import type { ConcurrencyCaps } from "./http/concurrency-caps.js";
import type { OutboundOptions } from "./http/outbound/guarded-fetch.js";

/** An agent's passages for a query (knowledge/knowledge-tool-search.ts); the tools' built-in search_knowledge calls it. */
export type KnowledgeSearch = (
  agentId: string,
  query: string,
  signal: AbortSignal,
) => Promise<{ title: string; location: string | null; content: string }[]>;

export interface FeatureDeps {
  db: Db;
  clock: AppDeps["clock"];
  bus: AppDeps["bus"];
  config: AppDeps["config"];
  llm: AppDeps["llm"];
  tts: AppDeps["tts"];
  stt: AppDeps["stt"];
  /** Null when no embeddings endpoint is configured: retrieval is by words alone. */
  embeddings: Embedder | null;
  /** Null when no rerank service is configured: passages keep the search's order. */
  reranker: Reranker | null;
  knowledgeIngestion: KnowledgeIngestion;
  searchKnowledge: KnowledgeSearch;
  guards: Guards;
  /** Per-user and per-company caps on work in flight (turns, speech), counted in this process. */
  concurrency: ConcurrencyCaps;
  /** What tests change about tool calls: the resolver the outbound guard asks, and a call's bounds. */
  toolOptions?: OutboundOptions;
}

/** What a service that reads and writes rows, stamps them and announces the change needs. */
export type DataDeps = Pick<FeatureDeps, "db" | "clock" | "bus">;

/** The knowledge feature's background indexing (server/knowledge/ingestion.ts makes it). */
export interface KnowledgeIngestion {
  /** Something may be waiting: look now. */
  wake(): void;
  /** Resolves when no work is in flight (tests wait on this instead of sleeping). */
  idle(): Promise<void>;
  close(): Promise<void>;
}
