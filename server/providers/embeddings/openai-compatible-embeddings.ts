/**
 * Embeddings through any OpenAI-compatible `/embeddings` endpoint (OpenAI, Ollama, vLLM,
 * llama.cpp server, LM Studio, text-embeddings-inference…), via the `openai` SDK, which keeps
 * its connections alive between requests. Owns batching and the translation of every failure
 * into one EmbeddingsError.
 */
import { APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { createOpenAiClient } from "../openai-client.js";
import { EMBEDDINGS_BATCH_MAX, EmbeddingsError, type EmbeddingsProvider } from "./embeddings-provider.js";
import { providerErrorText } from "../../http/credential-redaction.js";

export interface OpenAiCompatibleEmbeddingsOptions {
  baseUrl: string;
  /** Local servers usually need none. */
  apiKey?: string;
  model: string;
  /** Bound on each request (one batch). */
  timeoutMs: number;
  /** Inputs per request; at most EMBEDDINGS_BATCH_MAX. */
  batchSize?: number;
}

export function createOpenAiCompatibleEmbeddings(options: OpenAiCompatibleEmbeddingsOptions): EmbeddingsProvider {
  const client = createOpenAiClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, timeoutMs: options.timeoutMs });
  const batchSize = Math.max(1, Math.min(options.batchSize ?? EMBEDDINGS_BATCH_MAX, EMBEDDINGS_BATCH_MAX));

  async function embedBatch(texts: string[], signal: AbortSignal | undefined): Promise<number[][]> {
    let response: unknown;
    try {
      response = await client.embeddings.create(
        // "float" on purpose: the SDK's default (base64) is not understood by every compatible server.
        // An empty input is refused by OpenAI; a space embeds as "nothing" everywhere.
        { model: options.model, input: texts.map((text) => text || " "), encoding_format: "float" },
        { signal },
      );
    } catch (error) {
      throw toEmbeddingsError(error, options.timeoutMs);
    }
    return readVectors(response, texts.length);
  }

  return {
    model: options.model,
    async embed(texts, signal) {
      const vectors: number[][] = [];
      // One batch after another: ingestion runs in the background, and a failure stops early.
      for (let start = 0; start < texts.length; start += batchSize) {
        vectors.push(...(await embedBatch(texts.slice(start, start + batchSize), signal)));
      }
      const dimensions = vectors[0]?.length;
      if (vectors.some((vector) => vector.length !== dimensions)) {
        throw new EmbeddingsError("The embeddings service returned vectors of different lengths", "malformed");
      }
      return vectors;
    },
  };
}

/** One vector per input, ordered by `index`; the SDK's types promise a shape a stranger's server may not keep. */
function readVectors(response: unknown, expected: number): number[][] {
  const data = typeof response === "object" && response !== null ? (response as { data?: unknown }).data : undefined;
  if (!Array.isArray(data) || data.length !== expected) {
    throw new EmbeddingsError(`The embeddings service did not return ${expected} vectors`, "malformed");
  }
  const vectors: number[][] = new Array<number[]>(expected);
  data.forEach((item: unknown, position) => {
    const { index, embedding } = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
    const slot = typeof index === "number" ? index : position;
    if (!isVector(embedding) || slot < 0 || slot >= expected || vectors[slot]) {
      throw new EmbeddingsError("The embeddings service returned an unreadable vector", "malformed");
    }
    vectors[slot] = embedding;
  });
  return vectors;
}

function isVector(value: unknown): value is number[] {
  return Array.isArray(value) && value.length > 0 && value.every((x) => typeof x === "number" && Number.isFinite(x));
}

function toEmbeddingsError(error: unknown, timeoutMs: number): EmbeddingsError {
  if (error instanceof APIConnectionTimeoutError) {
    return new EmbeddingsError(`The embeddings service did not answer within ${timeoutMs} ms`, "timeout");
  }
  if (error instanceof APIUserAbortError) return new EmbeddingsError("The embeddings request was cancelled", "aborted");
  if (error instanceof APIError && error.status !== undefined) {
    return new EmbeddingsError(
      `The embeddings service failed (HTTP ${error.status}): ${providerErrorText(error.message)}`,
      "http",
      error.status,
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new EmbeddingsError(`Could not reach the embeddings service: ${providerErrorText(detail)}`, "network");
}
