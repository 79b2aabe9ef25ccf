/**
 * The top passages without near-duplicates: a reply and its citations gain nothing from the
 * same section twice (a long section cut into overlapping chunks) or the same text stored in
 * two documents (a page uploaded twice, a manual's copies), and each duplicate pushes a
 * different page out of the few passages a turn gets.
 */

export interface CandidatePassage {
  documentId: string;
  location: string | null;
  content: string;
}

/** Share of distinct words two passages must have in common to count as the same text. */
export const NEAR_DUPLICATE_OVERLAP = 0.8;

const WORD = /[\p{L}\p{N}]+/gu;

function wordSet(text: string): Set<string> {
  return new Set(text.toLowerCase().match(WORD) ?? []);
}

/** Jaccard overlap of two word sets. */
function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const word of small) if (large.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * The first `limit` candidates (best first) that are neither under the same heading of the same
 * document as a better one (a document without headings is one section per chunk: its location
 * is null) nor a near-copy of a better one's text. Each document's best passage comes before any
 * document's second (decision 145): five passages of one page answer one reading of a question,
 * one from each of five pages answers five, and a page's other passages still fill what is left.
 */
export function distinctPassages<T extends CandidatePassage>(candidates: readonly T[], limit: number): T[] {
  const kept: Array<{ passage: T; words: Set<string> }> = [];
  // Sections already shown, or copies of one shown: the rest of a copied section is a copy too.
  const covered = new Set<string>();
  for (const passage of candidates) {
    const section = passage.location === null ? null : JSON.stringify([passage.documentId, passage.location]);
    if (section !== null && covered.has(section)) continue;
    const words = wordSet(passage.content);
    const copy = kept.some((other) => overlap(other.words, words) >= NEAR_DUPLICATE_OVERLAP);
    if (section !== null) covered.add(section);
    if (!copy) kept.push({ passage, words });
  }
  const documents = new Set<string>();
  const firsts: T[] = [];
  const seconds: T[] = [];
  for (const { passage } of kept) {
    (documents.has(passage.documentId) ? seconds : firsts).push(passage);
    documents.add(passage.documentId);
  }
  return [...firsts, ...seconds].slice(0, limit);
}
