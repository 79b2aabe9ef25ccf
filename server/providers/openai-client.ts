/** One way to build the `openai` SDK client for every OpenAI-compatible backend (LLM, TTS, STT). */
import OpenAI from "openai";
import { rememberSecret } from "../http/credential-redaction.js";

export function createOpenAiClient(options: { baseUrl: string; apiKey?: string; timeoutMs: number }): OpenAI {
  rememberSecret(options.apiKey);
  return new OpenAI({
    baseURL: options.baseUrl,
    // The SDK refuses an empty key; keyless local servers (Ollama, llama.cpp, whisper.cpp) ignore it.
    apiKey: options.apiKey || "not-needed",
    // No retries: the spec says so for chat, and a late spoken reply or transcript is useless.
    maxRetries: 0,
    timeout: options.timeoutMs,
    // Failures surface as our own errors for the caller to log; the SDK would print to the console.
    logLevel: "off",
  });
}
