/**
 * Token counts for providers that send no usage figures: GPT's o200k_base encoding through
 * gpt-tokenizer. Other models' tokenizers differ by a few per cent, which is why figures
 * counted here are marked estimated.
 *
 * Counting is the costliest step of a turn's bookkeeping (byte-pair encoding, ~0.3 ms per chat
 * in the chat benchmark's profile), and a conversation's prompt is mostly texts counted before:
 * the agent's system prompt every turn, and each earlier message once per later turn. So counts
 * are remembered by text, in a cache bounded by the characters it holds.
 */
import { createRequire } from "node:module";

type CountTokens = (text: string) => number;
let loadedCounter: CountTokens | undefined;

/**
 * The encoding's tables are ~20 MB of heap (over a third of an idle server's) and most providers
 * report usage themselves, so they are loaded on the first reply that came without figures,
 * not at start-up. Loading is synchronous, as the callers are: once per process.
 */
function countTokens(text: string): number {
  loadedCounter ??= (
    createRequire(import.meta.url)("gpt-tokenizer/encoding/o200k_base") as { countTokens: CountTokens }
  ).countTokens;
  return loadedCounter(text);
}

/** What OpenAI's chat format adds around each message (role and separators), per their cookbook. */
const TOKENS_PER_MESSAGE = 3;
/** Every reply is primed with the assistant's role. */
const TOKENS_PER_REPLY = 3;

/** Texts longer than this are counted each time: rare, and they would crowd out many short ones. */
const MAX_CACHED_TEXT_CHARS = 16_384;
/** About 4 MB of UTF-16 held as keys: hundreds of busy conversations' prompts. */
const CACHE_CHAR_BUDGET = 2_000_000;

const counts = new Map<string, number>();
let cachedChars = 0;

export function estimateTokens(text: string): number {
  if (!text) return 0;
  const known = counts.get(text);
  if (known !== undefined) {
    // Re-inserted, so the Map's insertion order is least recently used first.
    counts.delete(text);
    counts.set(text, known);
    return known;
  }
  const count = countTokens(text);
  if (text.length <= MAX_CACHED_TEXT_CHARS) remember(text, count);
  return count;
}

export function estimatePromptTokens(messages: readonly { content?: unknown }[]): number {
  let total = TOKENS_PER_REPLY;
  for (const message of messages) {
    total += TOKENS_PER_MESSAGE + (typeof message.content === "string" ? estimateTokens(message.content) : 0);
  }
  return total;
}

function remember(text: string, count: number): void {
  counts.set(text, count);
  cachedChars += text.length;
  for (const oldest of counts.keys()) {
    if (cachedChars <= CACHE_CHAR_BUDGET) break;
    counts.delete(oldest);
    cachedChars -= oldest.length;
  }
}
