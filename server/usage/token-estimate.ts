/**
 * Token counts for providers that send no usage figures: GPT's o200k_base encoding through
 * gpt-tokenizer. Other models' tokenizers differ by a few per cent, which is why figures
 * counted here are marked estimated.
 */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

/** What OpenAI's chat format adds around each message (role and separators), per their cookbook. */
const TOKENS_PER_MESSAGE = 3;
/** Every reply is primed with the assistant's role. */
const TOKENS_PER_REPLY = 3;

export function estimateTokens(text: string): number {
  return text ? countTokens(text) : 0;
}

export function estimatePromptTokens(messages: readonly { content?: unknown }[]): number {
  let total = TOKENS_PER_REPLY;
  for (const message of messages) {
    total += TOKENS_PER_MESSAGE + (typeof message.content === "string" ? estimateTokens(message.content) : 0);
  }
  return total;
}
