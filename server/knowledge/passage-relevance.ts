/**
 * Whether a retrieved passage is about what the person just asked (issue 23, "the wrong
 * citation"). A short message borrows the previous message's words for retrieval (a follow-up
 * such as "and for Spain?" rarely names its subject again), so "What is the capital of France?"
 * asked in an ongoing chat about returns retrieved, and the offline responder cited, the returns
 * policy. A passage is kept only when it shares a content word with the message itself — or when
 * the message has none of its own ("why?", "and that one?"), which is what borrowing is for.
 *
 * Words are compared by their first four letters, lower-cased and without accents, so "prices"
 * meets "pricing" and "Spain's" meets "Spain". Scripts written without spaces (Japanese, Chinese,
 * Thai) are not judged here: every passage is kept, as before.
 */
import { FUNCTION_WORDS } from "../providers/llm/function-words.js";

const MIN_WORD_LETTERS = 3;
const STEM_LETTERS = 4;
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{Mn}/gu, "")
    .toLowerCase();
}

function stems(text: string): Set<string> {
  const found = new Set<string>();
  for (const word of fold(text).match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (word.length < MIN_WORD_LETTERS || FUNCTION_WORDS.has(word)) continue;
    found.add(word.slice(0, STEM_LETTERS));
  }
  return found;
}

/** Keeps the passages about the message; all of them when the message has no words of its own to judge by. */
export function passagesAboutMessage<P extends { title: string; content: string }>(
  message: string,
  passages: P[],
): P[] {
  if (passages.length === 0 || UNSPACED_SCRIPT.test(message)) return passages;
  const asked = stems(message);
  if (asked.size === 0) return passages;
  return passages.filter((passage) => {
    const offered = stems(`${passage.title} ${passage.content}`);
    for (const stem of asked) if (offered.has(stem)) return true;
    return false;
  });
}
