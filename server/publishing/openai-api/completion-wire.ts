/**
 * What the /v1 API writes, in OpenAI's shapes: `chat.completion` objects, `chat.completion.chunk`
 * frames (`data: <json>` lines ending in `data: [DONE]`) and `{ error: { message, type, param,
 * code } }` bodies, so the official clients read them unchanged.
 */
import { ERROR_CODES, type ErrorCode } from "../../../contracts/errors.js";
import type {
  ChatCompletion,
  ChatCompletionChunk,
  CompletionUsage,
  OpenAiError,
} from "../../../contracts/openai-compatible.js";
import type { TurnUsageRecord } from "../../usage/queries.js";

/** The frame that ends a stream. */
export const DONE_FRAME = "[DONE]";

/** An OpenAI stream frame: a `data:` line only (the SSE event name is never sent). */
export function formatDataFrame(_event: string, data: unknown): string {
  return `data: ${data === DONE_FRAME ? DONE_FRAME : JSON.stringify(data)}\n\n`;
}

export interface CompletionIdentity {
  id: string;
  created: number;
  model: string;
}

export function usageOfTurn(usage: TurnUsageRecord | null): CompletionUsage {
  const prompt = usage?.promptTokens ?? 0;
  const completion = usage?.completionTokens ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** A locked turn's refusal is told as filtered content, as OpenAI tells its own refusals. */
export function finishReason(securityLock: boolean): "stop" | "content_filter" {
  return securityLock ? "content_filter" : "stop";
}

export function completionObject(
  identity: CompletionIdentity,
  content: string,
  securityLock: boolean,
  usage: CompletionUsage,
): ChatCompletion {
  return {
    ...identity,
    object: "chat.completion",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, refusal: null },
        finish_reason: finishReason(securityLock),
        logprobs: null,
      },
    ],
    usage,
  };
}

export function chunkOf(
  identity: CompletionIdentity,
  delta: ChatCompletionChunk["choices"][number]["delta"],
  finish: ChatCompletionChunk["choices"][number]["finish_reason"] = null,
): ChatCompletionChunk {
  return {
    ...identity,
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  };
}

/** The last chunk of a stream that asked for usage: no choices, the turn's tokens. */
export function usageChunk(identity: CompletionIdentity, usage: CompletionUsage): ChatCompletionChunk {
  return { ...identity, object: "chat.completion.chunk", choices: [], usage };
}

/** OpenAI's own codes where it has one for the same refusal; ours, in lower case, elsewhere. */
const OPENAI_CODES: Partial<Record<ErrorCode, string>> = {
  INVALID_API_KEY: "invalid_api_key",
  MODEL_NOT_FOUND: "model_not_found",
  GUEST_RATE_LIMITED: "rate_limit_exceeded",
  QUOTA_EXCEEDED: "insufficient_quota",
};

/** The catalogued code an OpenAI-shaped `code` stands for; undefined when none. */
export function catalogueCodeOf(code: unknown): ErrorCode | undefined {
  if (typeof code !== "string") return undefined;
  const named = Object.entries(OPENAI_CODES).find(([, openAi]) => openAi === code)?.[0];
  const upper = (named ?? code.toUpperCase()) as ErrorCode;
  return ERROR_CODES.includes(upper) ? upper : undefined;
}

function errorType(status: number, code: ErrorCode): string {
  if (code === "QUOTA_EXCEEDED") return "insufficient_quota";
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 429) return "rate_limit_error";
  if (status >= 500) return "server_error";
  return "invalid_request_error";
}

/** A catalogued refusal (contracts/errors.ts) in OpenAI's error shape. */
export function openAiError(status: number, body: { code: ErrorCode; message: string; field?: unknown }): OpenAiError {
  return {
    error: {
      message: body.message,
      type: errorType(status, body.code),
      param: typeof body.field === "string" ? body.field : null,
      code: OPENAI_CODES[body.code] ?? body.code.toLowerCase(),
    },
  };
}
