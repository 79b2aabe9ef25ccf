/**
 * The "words" of text written without spaces: overlapping pairs of characters in each run of
 * Japanese, Chinese or Korean script ("配送料金" → 配送, 送料, 料金; a lone character is its own
 * pair). The passages' pairs are kept in `knowledge_chunks.search_pairs` by the database
 * function `knowledge_cjk_pairs` (migration 0028), whose character class is this one, written
 * out as the same code-point ranges, so a question's pairs meet the passages' exactly; a test
 * runs both over the same text (decision 161).
 */

/**
 * Code-point ranges of the scripts: Hangul Jamo, 々 and 〇, Hiragana, Katakana and its
 * extensions (the prolonged sound mark ー included, the middle dot ・ not), Hangul compatibility
 * Jamo, CJK ideographs (extension A, unified, compatibility), Hangul syllables and half-width
 * Katakana. Characters beyond the Basic Multilingual Plane (rare ideographs) are left out.
 */
export const CJK_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x11ff],
  [0x3005, 0x3005],
  [0x3007, 0x3007],
  [0x3041, 0x309f],
  [0x30a1, 0x30fa],
  [0x30fc, 0x30ff],
  [0x3131, 0x318e],
  [0x31f0, 0x31ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xff66, 0xff9f],
];

const hex = (code: number) => code.toString(16).padStart(4, "0");
const CJK_CLASS = CJK_RANGES.map(([from, to]) =>
  from === to ? `\\u${hex(from)}` : `\\u${hex(from)}-\\u${hex(to)}`,
).join("");

/** One run of the scripts; `u` so that the escapes read as code points (the migration's class is this text). */
const CJK_RUN = new RegExp(`[${CJK_CLASS}]+`, "gu");

/** Overlapping character pairs of every run of the scripts in `text`, in order, repeats kept. */
export function cjkPairs(text: string): string[] {
  const pairs: string[] = [];
  for (const [run] of text.matchAll(CJK_RUN)) {
    const chars = Array.from(run);
    if (chars.length === 1) pairs.push(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) pairs.push(chars[i]! + chars[i + 1]!);
  }
  return pairs;
}
