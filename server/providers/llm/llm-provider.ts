/** The one interface every language-model backend implements. */
import type { LanguageCode } from "../../../contracts/voice.js";

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
}

/** A passage of the agent's knowledge given to the reply; the prompt numbers them [1]…[n] in this order. */
export interface KnowledgePassage {
  documentId: string;
  title: string;
  content: string;
  location: string | null;
}

export interface LlmReplyRequest {
  systemPrompt: string;
  /** Earlier turns, oldest first, already trimmed to the history budget. */
  history: ChatTurn[];
  userMessage: string;
  language: LanguageCode;
  /** Persona for backends that answer without a model (the offline responder). */
  persona: { name: string; role: string | null; speciality: string | null };
  /** The agent's knowledge that matched the message, best first (already in the system prompt). */
  knowledge?: KnowledgePassage[];
  signal: AbortSignal;
  /**
   * Told once, when the reply ends (complete or not), what it cost: the provider's own usage
   * figures when it sent them, else a tokenizer's count (`estimated`). Offline replies cost nothing.
   */
  onUsage?(usage: LlmUsage): void;
  /** Functions the model may call (OpenAI's `tools`); backends that cannot call tools ignore them. */
  tools?: ModelTool[];
  /** "none": the tools stay described (earlier steps name them) but the model must answer in words now. */
  toolChoice?: "auto" | "none";
  /** Earlier steps of this turn: what the model asked for and what the calls gave back, in order. */
  toolSteps?: ModelToolStep[];
  /**
   * Told once, when the reply ends by asking for tool calls (`finish_reason: "tool_calls"`):
   * the calls, whole, in the order the model gave them.
   */
  onToolCalls?(calls: ModelToolCall[]): void;
}

/** A function offered to the model: JSON Schema parameters, as OpenAI's `function`. */
export interface ModelTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A call the model asked for; `arguments` is its raw JSON text. */
export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** One round of a turn's tool use: the model's words and calls, then each call's result for the model. */
export interface ModelToolStep {
  text: string;
  calls: ModelToolCall[];
  results: { callId: string; content: string }[];
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  estimated: boolean;
}

export interface LlmProvider {
  /** "openai-compatible" or "offline"; offline replies are flagged to the user. */
  readonly kind: "openai-compatible" | "offline";
  /** The model asked for replies; usage records name it ("offline" for the offline responder). */
  readonly model?: string;
  /** Yields text deltas. Throws LlmProviderError on provider failure, timeout or a malformed stream. */
  streamReply(request: LlmReplyRequest): AsyncIterable<string>;
}

export class LlmProviderError extends Error {
  constructor(
    message: string,
    readonly reason: "http" | "timeout" | "malformed" | "aborted",
  ) {
    super(message);
    this.name = "LlmProviderError";
  }
}
