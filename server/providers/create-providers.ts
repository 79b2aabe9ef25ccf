/** Chooses each provider from configuration: a configured server, else the embedded default. */
import type { Config } from "../config.js";
import type { EmbeddingsProvider } from "./embeddings/embeddings-provider.js";
import { createOpenAiCompatibleEmbeddings } from "./embeddings/openai-compatible-embeddings.js";
import type { LlmProvider } from "./llm/llm-provider.js";
import { createOfflineResponder } from "./llm/offline-responder.js";
import { createOpenAiCompatibleLlm } from "./llm/openai-compatible-llm.js";
import { createOpenAiCompatibleStt } from "./stt/openai-compatible-stt.js";
import type { SttProvider } from "./stt/stt-provider.js";
import { createEspeakTts } from "./tts/espeak-tts.js";
import { createOpenAiCompatibleTts } from "./tts/openai-compatible-tts.js";
import type { TtsProvider } from "./tts/tts-provider.js";

export function createLlm(config: Config): LlmProvider {
  if (!config.LLM_BASE_URL) return createOfflineResponder();
  return createOpenAiCompatibleLlm({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
    firstByteTimeoutMs: config.LLM_FIRST_BYTE_TIMEOUT_MS,
  });
}

export function createTts(config: Config): TtsProvider {
  if (!config.TTS_BASE_URL) return createEspeakTts({ workers: config.TTS_WORKERS });
  return createOpenAiCompatibleTts({
    baseUrl: config.TTS_BASE_URL,
    apiKey: config.TTS_API_KEY,
    model: config.TTS_MODEL,
  });
}

export function createStt(config: Config): SttProvider | null {
  if (!config.STT_BASE_URL) return null;
  return createOpenAiCompatibleStt({
    baseUrl: config.STT_BASE_URL,
    apiKey: config.STT_API_KEY,
    model: config.STT_MODEL,
  });
}

/** Null when no embeddings server is configured: knowledge is then searched by words alone. */
export function createEmbeddings(config: Config): EmbeddingsProvider | null {
  if (!config.EMBEDDINGS_BASE_URL) return null;
  return createOpenAiCompatibleEmbeddings({
    baseUrl: config.EMBEDDINGS_BASE_URL,
    apiKey: config.EMBEDDINGS_API_KEY,
    model: config.EMBEDDINGS_MODEL,
    timeoutMs: config.EMBEDDINGS_TIMEOUT_MS,
  });
}

export function createProviders(config: Config): {
  llm: LlmProvider;
  tts: TtsProvider;
  stt: SttProvider | null;
  embeddings: EmbeddingsProvider | null;
} {
  return {
    llm: createLlm(config),
    tts: createTts(config),
    stt: createStt(config),
    embeddings: createEmbeddings(config),
  };
}
