/**
 * The language-model backend for any OpenAI-compatible chat endpoint (OpenAI, Ollama,
 * vLLM, llama.cpp, LM Studio, OpenRouter, Groq…), streamed over our own lean client
 * (completions-stream.ts) rather than the openai SDK.
 *
 * It owns the time bounds of a reply and the translation of every way a provider can fail
 * into one LlmProviderError, so callers handle exactly one error type.
 */
import { VOICE_LANGUAGES } from "../../../contracts/voice.js";
import { estimatePromptTokens, estimateTokens } from "./token-estimate.js";
import { createCompletionsEndpoint, streamCompletionChunks, type CompletionsEndpoint } from "./completions-stream.js";
import { LlmProviderError, type LlmProvider, type LlmReplyRequest, type LlmUsage } from "./llm-provider.js";
import { createToolCallAssembler } from "./tool-call-deltas.js";

export interface OpenAiCompatibleLlmOptions {
  baseUrl: string;
  /** Local servers usually need none. */
  apiKey?: string;
  model: string;
  /** Bound on the whole reply, from sending the request to the last delta. */
  timeoutMs: number;
  /** Bound on the wait for the first streamed chunk (the model's "thinking" time). */
  firstByteTimeoutMs: number;
}

/** One message of the chat completions request; a tool step adds an assistant message with calls, then `tool` answers. */
export type ChatMessage =
  | { role: "system" | "user" | "assistant"; content: string }
  | { role: "assistant"; content: string | null; tool_calls: WireToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

interface WireToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export function createOpenAiCompatibleLlm(options: OpenAiCompatibleLlmOptions): LlmProvider {
  const endpoint = createCompletionsEndpoint({ baseUrl: options.baseUrl, apiKey: options.apiKey });
  return {
    kind: "openai-compatible",
    model: options.model,
    streamReply: (request) => streamReply(endpoint, options, request),
  };
}

/** The messages sent: persona prompt (plus a language line), earlier turns, the new message. */
export function buildChatMessages(request: LlmReplyRequest): ChatMessage[] {
  const systemLines = [request.systemPrompt.trim()];
  if (request.language !== "en-US") {
    const language = VOICE_LANGUAGES.find((entry) => entry.code === request.language);
    systemLines.push(`Always reply in ${language?.name ?? request.language} (${request.language}).`);
  }
  const system = systemLines.filter(Boolean).join("\n\n");
  return [
    ...(system ? [{ role: "system" as const, content: system }] : []),
    ...request.history.map((turn) => ({ role: turn.role, content: turn.content })),
    { role: "user", content: request.userMessage },
    ...(request.toolSteps ?? []).flatMap((step): ChatMessage[] => [
      {
        role: "assistant",
        content: step.text === "" ? null : step.text,
        tool_calls: step.calls.map((call) => ({
          id: call.id,
          type: "function",
          function: { name: call.name, arguments: call.arguments },
        })),
      },
      ...step.results.map((result): ChatMessage => ({
        role: "tool",
        tool_call_id: result.callId,
        content: result.content,
      })),
    ]),
  ];
}

/** The request's `tools`, when the turn offers any. */
function wireTools(request: LlmReplyRequest): Record<string, unknown> {
  if (!request.tools || request.tools.length === 0) return {};
  return {
    tools: request.tools.map((tool) => ({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    })),
    ...(request.toolChoice ? { tool_choice: request.toolChoice } : {}),
  };
}

async function* streamReply(
  endpoint: CompletionsEndpoint,
  options: OpenAiCompatibleLlmOptions,
  request: LlmReplyRequest,
): AsyncGenerator<string> {
  const watchdog = startWatchdog(request.signal, options);
  const messages = buildChatMessages(request);
  let reported: LlmUsage | null = null;
  let answered = false;
  let finished = false;
  let text = "";
  const toolCalls = createToolCallAssembler();
  try {
    // include_usage: the last chunk carries the reply's token counts (OpenAI, vLLM, Ollama…).
    const body = JSON.stringify({
      model: options.model,
      messages,
      stream: true,
      stream_options: { include_usage: true },
      ...wireTools(request),
    });
    for await (const chunk of streamCompletionChunks(endpoint, body, watchdog.signal)) {
      watchdog.firstChunkArrived();
      answered = true;
      const { content, finishReason, usage, toolCallFragments } = readChunk(chunk);
      if (usage) reported = usage;
      if (toolCallFragments) toolCalls.add(toolCallFragments);
      if (finishReason) finished = true;
      if (content) {
        text += content;
        yield content;
      }
    }
    // A server that ends the response (or sends [DONE]) without a finish reason was cut off.
    if (!finished) throw cutOffError();
    const calls = toolCalls.calls();
    if (calls.length > 0) request.onToolCalls?.(calls);
  } catch (error) {
    // An abort we caused surfaces as its reason, or as whatever the wire did meanwhile: say why we stopped.
    throw watchdog.stopError() ?? toProviderError(error);
  } finally {
    // Also runs when the consumer stops early: aborting releases the connection.
    watchdog.dispose();
    // A request the service never answered cost nothing; one it answered without figures is counted here.
    if (request.onUsage && (reported || answered)) {
      request.onUsage(
        reported ?? {
          promptTokens: estimatePromptTokens(messages),
          completionTokens: estimateTokens(text),
          estimated: true,
        },
      );
    }
  }
}

type StopCause = "aborted" | "timeout" | "first-byte-timeout";

interface Watchdog {
  signal: AbortSignal;
  /** Why the watchdog stopped the request, as the error to throw; null while it has not. */
  stopError(): LlmProviderError | null;
  firstChunkArrived(): void;
  dispose(): void;
}

/** One AbortController fed by the caller's signal and both timers, remembering which fired first. */
function startWatchdog(callerSignal: AbortSignal, options: OpenAiCompatibleLlmOptions): Watchdog {
  const controller = new AbortController();
  let cause: StopCause | null = null;
  const stop = (why: StopCause) => {
    cause ??= why;
    controller.abort();
  };
  const onCallerAbort = () => stop("aborted");
  if (callerSignal.aborted) stop("aborted");
  else callerSignal.addEventListener("abort", onCallerAbort, { once: true });
  const wholeTimer = setTimeout(() => stop("timeout"), options.timeoutMs);
  const firstByteTimer = setTimeout(() => stop("first-byte-timeout"), options.firstByteTimeoutMs);

  return {
    signal: controller.signal,
    stopError: () => (cause ? stopError(cause, options) : null),
    firstChunkArrived: () => clearTimeout(firstByteTimer),
    dispose() {
      clearTimeout(wholeTimer);
      clearTimeout(firstByteTimer);
      // No abort here: the request is already closed by the stream's own ending (an abort costs an exception object).
      callerSignal.removeEventListener("abort", onCallerAbort);
    },
  };
}

/** Narrows one streamed chunk: a stranger's server may send any JSON at all. */
function readChunk(chunk: unknown): {
  content: string | null;
  finishReason: string | null;
  usage: LlmUsage | null;
  toolCallFragments?: unknown;
} {
  if (typeof chunk !== "object" || chunk === null || !("choices" in chunk) || !Array.isArray(chunk.choices)) {
    throw new LlmProviderError("The model's reply stream held a chunk without choices", "malformed");
  }
  const usage = "usage" in chunk ? readUsage(chunk.usage) : null;
  const choice: unknown = chunk.choices[0];
  // The usage chunk (include_usage) carries no choices.
  if (typeof choice !== "object" || choice === null) return { content: null, finishReason: null, usage };
  const finishReason =
    "finish_reason" in choice && typeof choice.finish_reason === "string" ? choice.finish_reason : null;
  const delta = "delta" in choice ? choice.delta : undefined;
  const content =
    typeof delta === "object" && delta !== null && "content" in delta && typeof delta.content === "string"
      ? delta.content
      : null;
  const toolCallFragments =
    typeof delta === "object" && delta !== null && "tool_calls" in delta ? delta.tool_calls : undefined;
  return { content, finishReason, usage, toolCallFragments };
}

/** The usage object of a chunk, when it holds both counts as numbers; anything else is ignored. */
function readUsage(value: unknown): LlmUsage | null {
  if (typeof value !== "object" || value === null) return null;
  const { prompt_tokens: prompt, completion_tokens: completion } = value as Record<string, unknown>;
  if (typeof prompt !== "number" || typeof completion !== "number") return null;
  return { promptTokens: prompt, completionTokens: completion, estimated: false };
}

function toProviderError(error: unknown): LlmProviderError {
  if (error instanceof LlmProviderError) return error;
  return new LlmProviderError(`The model service failed unexpectedly: ${String(error)}`, "http");
}

function stopError(cause: StopCause, options: OpenAiCompatibleLlmOptions): LlmProviderError {
  if (cause === "aborted") return new LlmProviderError("The reply was cancelled", "aborted");
  if (cause === "first-byte-timeout") {
    return new LlmProviderError(`The model did not start replying within ${options.firstByteTimeoutMs} ms`, "timeout");
  }
  return new LlmProviderError(`The model did not finish replying within ${options.timeoutMs} ms`, "timeout");
}

function cutOffError(): LlmProviderError {
  return new LlmProviderError("The model's reply stream was cut off before it finished", "malformed");
}
