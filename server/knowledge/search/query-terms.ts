/**
 * Turns a question into what the three searches look for:
 * - `words`: per word, the word itself for the English stemmed index (PostgreSQL's Snowball
 *   stemmer, applied to the query as to the passages), and a tsquery term for the
 *   language-independent index ('simple' configuration), used for a word the English index
 *   does not hold. For that one a word loses one common inflectional ending of the supported
 *   languages and is matched as a prefix, so "refunds" finds "refund" and "refunded",
 *   "Lieferungen" finds "Lieferung", "devoluciones" finds "devolución". A word with accents
 *   also matches its unaccented spelling. Retrieval weighs each term by its rarity. Longer words
 *   also keep their typed form, corrected from the agent's vocabulary when no passage holds the
 *   term (typos, missing accents: similar-words.ts).
 * - `grams`: character pairs of the text written without spaces (Japanese, Chinese) and of
 *   Korean, whose particles stick to the word; looked up in the passages' pairs (cjk-pairs.ts).
 */
import { cjkPairs } from "./cjk-pairs.js";
import { STOP_WORDS } from "./stop-words.js";

export interface QueryWord {
  /** One tsquery term: "'refund':*", or alternatives "('remboursé':* | 'rembourse':*)". */
  term: string;
  /** The word for the English stemmed index (PostgreSQL stems it: "repeats" → "repeat"); null for CJK. */
  english: string | null;
  /** The word as typed (lower case), for similarity search; null when too short or a number. */
  typed: string | null;
}

/**
 * Two content words next to each other in the question ("environment variable", "line by line"):
 * a passage holding them at the same distance says more than one holding each somewhere.
 */
export interface QueryPair {
  /** Positions of the two words in `words`. */
  first: number;
  second: number;
  /** The question's text from the first word to the second, stop words between included. */
  phrase: string;
}

export interface QueryTerms {
  words: QueryWord[];
  grams: string[];
  pairs: QueryPair[];
}

/** Bounds the work of one search whatever the caller passes (a whole conversation, a pasted page). */
export const MAX_QUERY_CHARS = 2_000;
const MAX_WORDS = 24;
const MAX_GRAMS = 32;
const MIN_FUZZY_LENGTH = 5;

/** Endings removed before prefix matching, longest first; the stem keeps at least half the word. */
const SUFFIXES = [
  ...["amientos", "imientos", "aciones", "amiento", "imiento", "ements", "ations", "heiten", "keiten", "ungen"],
  ...["ación", "ement", "ation", "iones", "zioni", "zione", "mente", "ments", "ingly", "ções", "ness", "heit"],
  ...["keit", "lich", "isch", "ment", "ción", "ção", "ados", "adas", "idos", "idas", "ings", "edly"],
  ...["ités", "ées", "ité", "ità", "ión", "ing", "ies", "ado", "ada", "ido", "ida", "ers", "ern", "est", "eux"],
  ...["ful", "ed", "es", "er", "en", "ly", "ez", "és", "ée", "os", "as", "ar", "ir", "s", "e", "n", "é", "x"],
  ...["i", "o", "a"],
];

/** Korean particles that follow a noun without a space ("환불은" is "환불" + "은"). */
const KOREAN_PARTICLES = [
  "에서",
  "으로",
  "에게",
  "까지",
  "부터",
  "은",
  "는",
  "이",
  "가",
  "을",
  "를",
  "의",
  "에",
  "로",
  "와",
  "과",
  "도",
  "만",
];

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const HIRAGANA_ONLY = /^\p{Script=Hiragana}+$/u;
const WORD = /[\p{L}\p{N}]+/gu;
/**
 * A dotted name or a hyphenated word ("os.walk", "Path.glob", "f-string"): PostgreSQL's parser
 * keeps it whole as one lexeme of the passages (beside a hyphenated word's parts), so the query
 * looks it up whole too, besides its parts. Without it "f-string" searched "string" alone.
 */
const PAIR_BREAK = /[^\s'’]/u;
const COMPOUND = /[\p{L}\p{N}]+(?:[.-][\p{L}\p{N}]+)+/gu;

export function queryTerms(query: string): QueryTerms {
  const text = query.slice(0, MAX_QUERY_CHARS).normalize("NFC").toLowerCase();
  const words = new Map<string, QueryWord>();
  const grams = new Set<string>();
  const addWord = (term: string, english: string | null, typed: string | null) => {
    if (!words.has(term)) words.set(term, { term, english, typed });
  };

  const pairs: QueryPair[] = [];
  let previous: { term: string; start: number } | null = null;
  let end = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    // A pair never spans punctuation: "line? Get…" are two thoughts, "os.walk" a name.
    if (PAIR_BREAK.test(text.slice(end, match.index))) previous = null;
    end = (match.index ?? 0) + word.length;
    if (CJK.test(word)) {
      for (const gram of cjkPairs(word)) grams.add(gram);
      if (HANGUL.test(word)) addWord(prefixTerm(stripKoreanParticle(word)), null, null);
      previous = null;
      continue;
    }
    const folded = foldAccents(word);
    if (folded.length < 2 || STOP_WORDS.has(folded)) continue;
    const typed = folded.length >= MIN_FUZZY_LENGTH && !/\p{N}/u.test(folded) ? word : null;
    const term = wordTerm(word, folded);
    addWord(term, word, typed);
    const start = match.index ?? 0;
    if (previous) pairs.push(pairOf(words, previous, term, text.slice(previous.start, start + word.length)));
    previous = { term, start };
  }
  for (const compound of text.match(COMPOUND) ?? []) {
    if (CJK.test(compound) || !/\p{L}/u.test(compound)) continue;
    addWord(prefixTerm(compound), compound, null);
  }
  return {
    words: [...words.values()].slice(0, MAX_WORDS),
    grams: meaningfulGrams([...grams]).slice(0, MAX_GRAMS),
    pairs: pairs.filter((pair) => pair.first < MAX_WORDS && pair.second < MAX_WORDS).slice(0, MAX_WORDS),
  };
}

function pairOf(words: Map<string, QueryWord>, previous: { term: string }, term: string, phrase: string): QueryPair {
  const positions = [...words.keys()];
  return { first: positions.indexOf(previous.term), second: positions.indexOf(term), phrase };
}

/** The text with its diacritics removed ("devolución" → "devolucion"). */
export function foldAccents(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").normalize("NFC");
}

/** The word without one common ending, keeping at least half of it. */
export function stem(word: string): string {
  if (/\p{N}/u.test(word)) return word;
  // Four letters stay ("power" is not "pow" + "er"), three before a plural "s" ("days" → "day").
  const keep = (ending: string) => Math.max(ending === "s" ? 3 : 4, Math.ceil(word.length / 2));
  // A lone vowel or "n" is an ending only on longer words: "plan" and "data" stay whole.
  const removable = (ending: string) => ending.length > 1 || ending === "s" || word.length >= 5;
  const suffix = SUFFIXES.find(
    (ending) => word.endsWith(ending) && word.length - ending.length >= keep(ending) && removable(ending),
  );
  return suffix ? word.slice(0, -suffix.length) : word;
}

/** One tsquery term: the stem as a prefix, or its accented and folded spellings as alternatives. */
function wordTerm(word: string, folded: string): string {
  // Numbers match exactly: "30" must not find "300".
  if (/^\p{N}+$/u.test(word)) return quoteLexeme(word);
  const spellings = new Set([stem(word), stem(folded)]);
  const alternatives = [...spellings].map(prefixTerm);
  return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(" | ")})`;
}

function prefixTerm(lexeme: string): string {
  return `${quoteLexeme(lexeme)}:*`;
}

/** A lexeme in tsquery syntax; words are letters and digits only, the quoting is belt and braces. */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/'/g, "''").replace(/\\/g, "\\\\")}'`;
}

function stripKoreanParticle(word: string): string {
  const particle = KOREAN_PARTICLES.find((ending) => word.endsWith(ending) && word.length - ending.length >= 1);
  return particle && word.length > 2 ? word.slice(0, -particle.length) : word;
}

/** Pairs of hiragana alone are mostly particles and verb endings ("です", "には"): dropped when others remain. */
function meaningfulGrams(grams: string[]): string[] {
  const content = grams.filter((gram) => !HIRAGANA_ONLY.test(gram));
  return content.length > 0 ? content : grams;
}
