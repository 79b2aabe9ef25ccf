/**
 * The OpenAI-compatible `/v1` API (issue 25): what an OpenAI client sends to
 * `POST /v1/chat/completions` and what it gets back, from `GET /v1/models` too, and the error
 * shape `{ error: { message, type, code } }`. Only the fields AgentDesk reads are checked;
 * the others an OpenAI client sends (temperature, top_p, user…) are accepted and ignored,
 * since the agent's own settings decide them.
 */
import { z } from "zod";
import { CHAT_MESSAGE_MAX } from "./limits.js";

/** The most messages one request may carry (its history and the new one). */
export const COMPLETION_MESSAGES_MAX = 200;
/** The most characters of all messages together: the model only ever sees LLM_HISTORY_CHARS of them. */
export const COMPLETION_CHARS_MAX = 200_000;

const TextPartSchema = z.looseObject({ type: z.literal("text"), text: z.string() });
const OtherPartSchema = z.looseObject({ type: z.string() });

export const CompletionMessageSchema = z.looseObject({
  role: z.enum(["system", "developer", "user", "assistant", "tool"], {
    error: "messages[].role must be system, developer, user, assistant or tool",
  }),
  content: z
    .union([z.string(), z.array(z.union([TextPartSchema, OtherPartSchema])).max(100)], {
      error: "messages[].content must be a string or a list of content parts",
    })
    .nullable()
    .optional(),
});
export type CompletionMessage = z.infer<typeof CompletionMessageSchema>;

export const ChatCompletionRequestSchema = z.looseObject({
  model: z.string({ error: "model is required: the published agent's slug" }).min(1).max(100),
  messages: z
    .array(CompletionMessageSchema, { error: "messages is required" })
    .min(1, { error: "messages must hold at least one message" })
    .max(COMPLETION_MESSAGES_MAX, { error: `messages may hold at most ${COMPLETION_MESSAGES_MAX} messages` }),
  stream: z.boolean().nullable().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
});
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequestSchema>;

/** The longest single message: the same bound as a member's chat message. */
export const COMPLETION_MESSAGE_MAX = CHAT_MESSAGE_MAX;

export const CompletionUsageSchema = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
});
export type CompletionUsage = z.infer<typeof CompletionUsageSchema>;

export const ChatCompletionSchema = z.object({
  id: z.string(),
  object: z.literal("chat.completion"),
  created: z.number(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number(),
      message: z.object({ role: z.literal("assistant"), content: z.string(), refusal: z.null() }),
      finish_reason: z.enum(["stop", "content_filter"]),
      logprobs: z.null(),
    }),
  ),
  usage: CompletionUsageSchema,
});
export type ChatCompletion = z.infer<typeof ChatCompletionSchema>;

export interface ChatCompletionChunk {
  id: string;
  object: "chat.completion.chunk";
  created: number;
  model: string;
  choices: {
    index: number;
    delta: { role?: "assistant"; content?: string };
    finish_reason: "stop" | "content_filter" | null;
    logprobs: null;
  }[];
  usage?: CompletionUsage | null;
}

export const ModelSchema = z.object({
  id: z.string(),
  object: z.literal("model"),
  created: z.number(),
  owned_by: z.string(),
});
export const ModelListSchema = z.object({ object: z.literal("list"), data: z.array(ModelSchema) });
export type ModelList = z.infer<typeof ModelListSchema>;

export const OpenAiErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    type: z.string(),
    param: z.string().nullable(),
    code: z.string().nullable(),
  }),
});
export type OpenAiError = z.infer<typeof OpenAiErrorSchema>;
