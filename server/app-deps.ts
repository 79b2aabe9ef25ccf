/** Everything buildApp needs, passed in so tests can hand over a real database and fakes at the wire. */
import type { FastifyServerOptions } from "fastify";
import type { Clock } from "./clock.js";
import type { Config } from "./config.js";
import type { Database } from "./db/connect.js";
import type { LlmProvider } from "./providers/llm/llm-provider.js";
import type { SttProvider } from "./providers/stt/stt-provider.js";
import type { TtsProvider } from "./providers/tts/tts-provider.js";
import type { EventBus } from "./realtime/event-bus.js";
import type { OutboundOptions } from "./http/outbound/guarded-fetch.js";

export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  bus: EventBus;
  llm: LlmProvider;
  tts: TtsProvider;
  /** Null when no speech-to-text server is configured: the browser recognises speech itself. */
  stt: SttProvider | null;
  /** Null or absent when no embeddings endpoint is configured (knowledge is then searched by words). */
  embeddings?: Embedder | null;
  /** Null or absent when no rerank service is configured (passages keep the search's order). */
  reranker?: Reranker | null;
  /** Folder of the built SPA; omitted in API-only tests. */
  webRoot?: string;
  logger?: FastifyServerOptions["logger"];
  /** Tests: the resolver and bounds tool calls run with (server/tools/agent-toolbox.ts). */
  toolOptions?: OutboundOptions;
}

/** An embeddings provider (server/knowledge/ uses it to index and search passages). */
export interface Embedder {
  readonly model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/**
 * A rerank service (server/providers/rerank/ implements it; server/knowledge/ reorders a turn's
 * passages with it).
 */
export interface Reranker {
  /** Named in the log when it fails. */
  readonly model: string;
  /**
   * How relevant each document is to the query, in the order given (higher is more relevant;
   * comparable only within one call), one score for every document.
   * Throws RerankError when the service fails, times out or answers something unusable.
   */
  rerank(query: string, documents: string[], signal?: AbortSignal): Promise<number[]>;
}
