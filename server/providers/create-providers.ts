/**
 * Chooses each provider from configuration: a configured server, else the embedded default.
 * The OpenAI-compatible clients are imported only when configured: the openai SDK behind the
 * speech and embeddings clients costs an idle server ~10 MB, and undici behind the chat client
 * ~5 MB of heap, that it does not use on the embedded defaults.
 */
import type { Config } from "../config.js";
import type { EmbeddingsProvider } from "./embeddings/embeddings-provider.js";
import type { Reranker } from "./rerank/reranker.js";
import type { LlmProvider } from "./llm/llm-provider.js";
import { createOfflineResponder } from "./llm/offline-responder.js";
import type { SttProvider } from "./stt/stt-provider.js";
import { createEspeakTts } from "./tts/espeak-tts.js";
import type { TtsProvider } from "./tts/tts-provider.js";

export async function createLlm(config: Config): Promise<LlmProvider> {
  if (!config.LLM_BASE_URL) return createOfflineResponder();
  const { createOpenAiCompatibleLlm } = await import("./llm/openai-compatible-llm.js");
  return createOpenAiCompatibleLlm({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
    firstByteTimeoutMs: config.LLM_FIRST_BYTE_TIMEOUT_MS,
  });
}

export async function createTts(config: Config): Promise<TtsProvider> {
  if (!config.TTS_BASE_URL) return createEspeakTts({ workers: config.TTS_WORKERS });
  const { createOpenAiCompatibleTts } = await import("./tts/openai-compatible-tts.js");
  return createOpenAiCompatibleTts({
    baseUrl: config.TTS_BASE_URL,
    apiKey: config.TTS_API_KEY,
    model: config.TTS_MODEL,
  });
}

export async function createStt(config: Config): Promise<SttProvider | null> {
  if (!config.STT_BASE_URL) return null;
  const { createOpenAiCompatibleStt } = await import("./stt/openai-compatible-stt.js");
  return createOpenAiCompatibleStt({
    baseUrl: config.STT_BASE_URL,
    apiKey: config.STT_API_KEY,
    model: config.STT_MODEL,
  });
}

/** Null when no embeddings server is configured: knowledge is then searched by words alone. */
export async function createEmbeddings(config: Config): Promise<EmbeddingsProvider | null> {
  if (!config.EMBEDDINGS_BASE_URL) return null;
  const { createOpenAiCompatibleEmbeddings } = await import("./embeddings/openai-compatible-embeddings.js");
  return createOpenAiCompatibleEmbeddings({
    baseUrl: config.EMBEDDINGS_BASE_URL,
    apiKey: config.EMBEDDINGS_API_KEY,
    model: config.EMBEDDINGS_MODEL,
    timeoutMs: config.EMBEDDINGS_TIMEOUT_MS,
  });
}

/** Null when no rerank service is configured: passages keep the order the search gave them. */
export async function createReranker(config: Config): Promise<Reranker | null> {
  if (!config.RERANK_BASE_URL) return null;
  const { createRerankApiReranker } = await import("./rerank/rerank-api.js");
  return createRerankApiReranker({
    baseUrl: config.RERANK_BASE_URL,
    apiKey: config.RERANK_API_KEY,
    model: config.RERANK_MODEL,
    timeoutMs: config.RERANK_TIMEOUT_MS,
  });
}
