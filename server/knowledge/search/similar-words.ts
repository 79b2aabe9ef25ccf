/**
 * Typo tolerance at any size of knowledge: a word of the question that no passage holds
 * ("warrenty", "garantia" typed without its accent) is replaced by the closest stem of the
 * agent's vocabulary within a typo's reach, and the question is searched again with it.
 *
 * What counts as a typo is Lucene's fuzzy-query rule on the word's stem: one edit (a letter
 * added, dropped, changed, or two swapped) up to five letters, two beyond. Among the stems that
 * close, the nearest wins, then the one more passages hold (the likelier word, as a spelling
 * corrector's prior). The candidates come from one range of the vocabulary's key
 * (search-queries.ts, vocabularyNeighbours), so this costs one lookup and one more word search
 * per question with such a word, whatever the agent's size; the search before it read every
 * passage's text and so ran only for agents of ≤ 300 passages.
 */
import type { Db } from "../../db/connect.js";
import { quoteLexeme, type QueryPair, type QueryWord } from "./query-terms.js";
import { vocabularyNeighbours, type RankedChunk } from "./search-queries.js";
import { rankByWords } from "./word-search.js";

/** Edits allowed between a word's stem and its correction: Lucene's AUTO fuzziness. */
export function typoBudget(stem: string): number {
  const letters = [...stem].length;
  return letters <= 2 ? 0 : letters <= 5 ? 1 : 2;
}

/**
 * Edit distance with adjacent swaps counted as one edit (optimal string alignment), over code
 * points: "warrenty" → "warranty" is 1, "recieve" → "receive" is 1.
 */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  // Three rows: the one before the previous is needed for a swap.
  let before = new Array<number>(y.length + 1).fill(0);
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[y.length]!;
}

/** The correction of each word that has one: position in `words` → a stem of the vocabulary. */
export async function correctedWords(db: Db, agentId: string, words: string[]): Promise<Map<number, string>> {
  const corrections = new Map<number, string>();
  for (const { word, stem, neighbours } of await vocabularyNeighbours(db, agentId, words)) {
    const budget = typoBudget(stem);
    const closest = neighbours
      .map((neighbour) => ({ ...neighbour, distance: editDistance(stem, neighbour.lexeme) }))
      .filter((neighbour) => neighbour.distance > 0 && neighbour.distance <= budget)
      .sort((a, b) => a.distance - b.distance || b.chunks - a.chunks || (a.lexeme < b.lexeme ? -1 : 1))[0];
    if (closest) corrections.set(word, closest.lexeme);
  }
  return corrections;
}

/**
 * The question searched again with its misspelt words corrected (`unmatched`: positions in
 * `words` of the typed words no passage holds), every other word as it was; [] when none of them
 * is a typo away from a word the knowledge holds.
 */
export async function rankByCorrectedWords(
  db: Db,
  agentId: string,
  question: { words: QueryWord[]; pairs: QueryPair[] },
  unmatched: number[],
): Promise<RankedChunk[]> {
  const typed = unmatched.map((position) => question.words[position]?.typed ?? "");
  const corrections = await correctedWords(db, agentId, typed);
  if (corrections.size === 0) return [];
  const corrected = new Map([...corrections].map(([word, lexeme]) => [unmatched[word]!, lexeme]));
  const terms = question.words.map((word, position) => {
    const lexeme = corrected.get(position);
    return lexeme === undefined
      ? { english: word.english, simple: word.term }
      : { english: lexeme, simple: quoteLexeme(lexeme), lexeme };
  });
  return (await rankByWords(db, agentId, terms, question.pairs)).ranked;
}
