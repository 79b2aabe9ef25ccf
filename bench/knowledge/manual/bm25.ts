/**
 * The evaluation's baseline: textbook Okapi BM25 (k1 = 1.2, b = 0.75) over the same passages the
 * app stored, words lower-cased, English stop words dropped and the rest reduced by Porter's
 * stemmer. In memory, for comparison only: what "ranks no better than BM25" is measured against.
 */
import { porterStem } from "./porter-stemmer.js";

const K1 = 1.2;
const B = 0.75;
const WORD = /[\p{L}\p{N}]+/gu;
const STOP_WORDS = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both " +
    "but by can could did do does doing down during each few for from further had has have having he her here hers " +
    "him his how i if in into is it its itself just me more most my no nor not of off on once only or other our out " +
    "over own same she should so some such than that the their them then there these they this those through to too " +
    "under until up very was we were what when where which while who whom why will with would you your"
  ).split(" "),
);

export function analyse(text: string): string[] {
  const terms: string[] = [];
  for (const word of text.toLowerCase().match(WORD) ?? []) {
    if (!STOP_WORDS.has(word)) terms.push(porterStem(word));
  }
  return terms;
}

export interface Bm25Hit {
  id: string;
  score: number;
}

export class Bm25Index {
  private readonly postings = new Map<string, Array<{ doc: number; tf: number }>>();
  private readonly lengths: number[] = [];
  private readonly ids: string[] = [];
  private totalLength = 0;

  add(id: string, text: string): void {
    const doc = this.ids.length;
    const terms = analyse(text);
    this.ids.push(id);
    this.lengths.push(terms.length);
    this.totalLength += terms.length;
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, tf] of counts) {
      let list = this.postings.get(term);
      if (!list) this.postings.set(term, (list = []));
      list.push({ doc, tf });
    }
  }

  search(query: string, limit: number): Bm25Hit[] {
    const n = this.ids.length;
    const averageLength = this.totalLength / Math.max(1, n);
    const scores = new Map<number, number>();
    for (const term of new Set(analyse(query))) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const { doc, tf } of list) {
        const norm = tf + K1 * (1 - B + (B * this.lengths[doc]) / averageLength);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (K1 + 1)) / norm);
      }
    }
    return [...scores]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([doc, score]) => ({ id: this.ids[doc], score }));
  }
}
