/**
 * Reranking through the `/rerank` API that Cohere, Jina, vLLM, Infinity and LocalAI serve:
 * POST {base}/rerank with `{ model, query, documents, top_n }`, answered with
 * `{ results: [{ index, relevance_score }] }`. A cross-encoder reads the question and each
 * passage together, which bridges what shared words cannot ("remember the results of earlier
 * calls" → a passage about caching). Plain fetch: one small JSON request per retrieval.
 */
import { providerErrorText, rememberSecret } from "../../http/credential-redaction.js";
import { RerankError, type Reranker } from "./reranker.js";

export interface RerankApiOptions {
  /** Up to the version segment, as the service documents it: https://api.cohere.com/v2, http://localhost:8000/v1. */
  baseUrl: string;
  /** Local servers usually need none. */
  apiKey?: string;
  model: string;
  /** Bound on one request. */
  timeoutMs: number;
}

export function createRerankApiReranker(options: RerankApiOptions): Reranker {
  rememberSecret(options.apiKey);
  const url = `${options.baseUrl.replace(/\/+$/, "")}/rerank`;
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (options.apiKey) headers["authorization"] = `Bearer ${options.apiKey}`;

  return {
    model: options.model,
    async rerank(query, documents, signal) {
      if (documents.length === 0) return [];
      const timeout = AbortSignal.timeout(options.timeoutMs);
      let body: unknown;
      try {
        const response = await fetch(url, {
          method: "POST",
          headers,
          body: JSON.stringify({ model: options.model, query, documents, top_n: documents.length }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        const text = await response.text();
        if (!response.ok) {
          throw new RerankError(
            `The rerank service failed (HTTP ${response.status}): ${providerErrorText(text)}`,
            "http",
            response.status,
          );
        }
        body = JSON.parse(text) as unknown;
      } catch (error) {
        if (error instanceof RerankError) throw error;
        if (signal?.aborted) throw new RerankError("The rerank request was cancelled", "aborted");
        if (timeout.aborted)
          throw new RerankError(`The rerank service did not answer within ${options.timeoutMs} ms`, "timeout");
        if (error instanceof SyntaxError)
          throw new RerankError("The rerank service answered something that is not JSON", "malformed");
        const detail =
          error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
        throw new RerankError(`Could not reach the rerank service: ${providerErrorText(detail)}`, "network");
      }
      return readScores(body, documents.length);
    },
  };
}

/** One score per document sent, by `index` (all were asked for: top_n is their number). */
function readScores(body: unknown, expected: number): number[] {
  const results = typeof body === "object" && body !== null ? (body as { results?: unknown }).results : undefined;
  if (!Array.isArray(results) || results.length !== expected) {
    throw new RerankError(`The rerank service did not return ${expected} results`, "malformed");
  }
  const scores = new Array<number | null>(expected).fill(null);
  for (const item of results as unknown[]) {
    const { index, relevance_score: score } = (typeof item === "object" && item !== null ? item : {}) as Record<
      string,
      unknown
    >;
    if (
      typeof index !== "number" ||
      !Number.isInteger(index) ||
      index < 0 ||
      index >= expected ||
      scores[index] !== null ||
      typeof score !== "number" ||
      !Number.isFinite(score)
    ) {
      throw new RerankError("The rerank service returned an unreadable result", "malformed");
    }
    scores[index] = score;
  }
  return scores as number[];
}
