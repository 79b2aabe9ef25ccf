/** What every feature's routes receive: the app's dependencies plus the auth guards. */
import type { AppDeps } from "./app-deps.js";
import type { Guards } from "./auth/guards.js";
import type { Db } from "./db/connect.js";
import type { ConcurrencyCaps } from "./http/concurrency-caps.js";
import type { Embedder, KnowledgeIngestion } from "./knowledge/ingestion.js";

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
  knowledgeIngestion: KnowledgeIngestion;
  guards: Guards;
  /** Per-user and per-company caps on work in flight (turns, speech), counted in this process. */
  concurrency: ConcurrencyCaps;
}
