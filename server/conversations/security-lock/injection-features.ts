/**
 * The features the injection classifier scores, shared by the training script and the
 * detector so that both see a message the same way: word-boundary-aware character n-grams
 * (1 to 5 characters, each word padded with a space, so "rules" in "your rules" and in "house
 * rules" share n-grams but no n-gram spans two words) plus word bigrams ("your instructions" is
 * not "my instructions"), hashed into a fixed table. Hashing needs no vocabulary and no string
 * allocation per n-gram, which keeps one 8,000-character message well under a millisecond.
 */
import { normaliseForInjection } from "./injection-normalise.js";

export const FEATURE_BITS = 18;
export const FEATURE_MASK = (1 << FEATURE_BITS) - 1;
const MAX_NGRAM = 5;
const SPACE = 0x20;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
// A different start value keeps word-bigram hashes apart from character n-gram hashes.
const BIGRAM_OFFSET = 0x9e3779b9;

// Training messages are a sentence or two; a long message is scored a segment at a time, so an
// attack buried in a long paste is judged at the length the model learnt from.
const SEGMENT_CHARS = 320;
const SENTENCE_END = /(?<=[.!?。！？\n])\s*/u;

const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s" };
// Whole words, then a test inside each: "\S*[a-z]\S*" would backtrack quadratically over a
// long run of text without spaces (Chinese, Japanese).
const WORD = /\S+/g;
const LEET_CHAR = /[013457@$]/g;
const LEET_IN_WORD = /[a-z][013457@$]|[013457@$][a-z]/;

/** "1gn0r3" reads as "ignore"; digits in words without letters ("#48213") stay digits. */
function unLeet(text: string): string {
  return text.replace(WORD, (word) =>
    LEET_IN_WORD.test(word) && /[a-z]/.test(word) ? word.replace(LEET_CHAR, (c) => LEET[c]) : word,
  );
}

/** The normalised message cut into segments of whole sentences, none much over SEGMENT_CHARS. */
export function injectionSegments(message: string): string[] {
  const text = unLeet(normaliseForInjection(message)).replace(/\s+/g, " ");
  if (text.length <= SEGMENT_CHARS) return [text];
  const segments: string[] = [];
  let current = "";
  for (const sentence of text.split(SENTENCE_END)) {
    if (current.length > 0 && current.length + sentence.length > SEGMENT_CHARS) {
      segments.push(current);
      current = "";
    }
    // A run-on "sentence" longer than a segment is cut at the segment length.
    for (let start = 0; start < sentence.length; start += SEGMENT_CHARS) {
      const piece = sentence.slice(start, start + SEGMENT_CHARS);
      if (current.length > 0 && current.length + piece.length > SEGMENT_CHARS) {
        segments.push(current);
        current = "";
      }
      current = current.length > 0 ? `${current} ${piece}` : piece;
    }
  }
  if (current.length > 0) segments.push(current);
  return segments;
}

// N-gram weights are summed and scaled by 1/√(n + NGRAM_PRIOR): the square root makes long and
// short texts comparable, and the prior keeps a two-word text from scoring as if each of its
// few n-grams were conclusive ("Conversations" scored 0.87 without it).
const NGRAM_PRIOR = 100;
export const ngramScale = (count: number): number => 1 / Math.sqrt(count + NGRAM_PRIOR);

/**
 * Appends the hashed feature ids of one segment to `out` (a feature seen twice is listed twice)
 * and returns how many were added.
 */
export function appendSegmentFeatures(segment: string, out: number[]): number {
  const before = out.length;
  const text = ` ${segment} `;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    // An n-gram may start on the space before a word, but not on the closing space of the text.
    if (text.charCodeAt(i) === SPACE && (i + 1 === length || text.charCodeAt(i + 1) === SPACE)) continue;
    let hash = FNV_OFFSET;
    for (let k = 0; k < MAX_NGRAM && i + k < length; k++) {
      const code = text.charCodeAt(i + k);
      hash = Math.imul(hash ^ code, FNV_PRIME);
      if (k > 0 || code !== SPACE) out.push((hash >>> 0) & FEATURE_MASK);
      if (code === SPACE && k > 0) break; // the space after a word ends its n-grams
    }
  }
  // Word bigrams: hash "previous word, space, word" for each pair of neighbouring words.
  let wordStart = 1;
  let previousStart = -1;
  for (let i = 1; i < length; i++) {
    if (text.charCodeAt(i) !== SPACE) continue;
    if (previousStart >= 0 && i > wordStart) {
      let hash = BIGRAM_OFFSET;
      for (let j = previousStart; j < i; j++) hash = Math.imul(hash ^ text.charCodeAt(j), FNV_PRIME);
      out.push((hash >>> 0) & FEATURE_MASK);
    }
    if (i > wordStart) previousStart = wordStart;
    wordStart = i + 1;
  }
  return out.length - before;
}
