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
