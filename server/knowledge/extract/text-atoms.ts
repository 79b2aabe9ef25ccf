/**
 * Cuts a section's text into atoms — sentences, or smaller pieces where a sentence is too long —
 * each remembering how strong the boundary before it is, so the chunker can cut at a paragraph
 * rather than a sentence, and at a sentence rather than between words. Words are never split:
 * text without spaces (Japanese, Chinese) is cut at the word boundaries Intl.Segmenter knows;
 * only a single "word" longer than the limit (a base64 blob) is cut by characters.
 */
import type { TokenCounter } from "./token-count.js";

/** Stronger boundaries are better places to cut. */
export const Boundary = {
  /** Inside one word: only for a "word" longer than the limit. */
  InsideWord: 0,
  /** Between words written without a space (Japanese, Chinese, Thai). */
  Word: 1,
  Space: 2,
  Sentence: 3,
  Line: 4,
  Paragraph: 5,
} as const;
export type Boundary = (typeof Boundary)[keyof typeof Boundary];

export interface Atom {
  text: string;
  tokens: number;
  /** The boundary between this atom and the one before it. */
  before: Boundary;
  /** What stood between this atom and the one before it: "\n\n", "\n", " " or "" (CJK). */
  gap: string;
}

const PARAGRAPH_BREAK = /\n[ \t]*(?:\n[ \t]*)+/;
/** Where a sentence ends: after . ! ? … and any closing quote or bracket, before a space. */
const LATIN_SENTENCE_END = /(?<=[.!?…]["'”’)\]»]*)\s+/u;
/** After 。！？ (and any closing bracket) a sentence ends with no space at all. */
const CJK_SENTENCE_END = /(?<=[。！？][」』）”"]*)(?![」』）”"])(?=\S)/u;
const WORD_SEGMENTER = new Intl.Segmenter(undefined, { granularity: "word" });

interface Piece {
  text: string;
  before: Boundary;
  gap: string;
}

/** Consecutive pieces put together up to `limit` tokens; a piece over the limit stays alone. */
function pack(pieces: Piece[], limit: number, count: TokenCounter): Atom[] {
  const atoms: Atom[] = [];
  for (const piece of pieces) {
    const tokens = count(piece.text);
    const last = atoms.at(-1);
    if (last && last.tokens + tokens <= limit) {
      last.text += piece.gap + piece.text;
      last.tokens += tokens;
    } else atoms.push({ ...piece, tokens });
  }
  return atoms;
}

/**
 * A single "word" over the limit (a base64 blob, a long URL): cut into runs of code points,
 * as long as `limit` characters where that is within the limit, shorter where it is not.
 */
function cutOversizedWord(word: string, limit: number, count: TokenCounter): string[] {
  const characters = Array.from(word);
  const runs: string[] = [];
  let size = limit;
  for (let at = 0; at < characters.length; at += size) {
    let run = characters.slice(at, at + size).join("");
    while (size > 1 && count(run) > limit) {
      size = Math.max(1, size >> 1);
      run = characters.slice(at, at + size).join("");
    }
    runs.push(run);
  }
  return runs;
}

function piecesOfWord(word: string, gap: string, limit: number, count: TokenCounter): Piece[] {
  if (count(word) <= limit) return [{ text: word, before: Boundary.Space, gap }];
  const pieces: Piece[] = [];
  for (const { segment } of WORD_SEGMENTER.segment(word)) {
    const runs = count(segment) <= limit ? [segment] : cutOversizedWord(segment, limit, count);
    for (const [index, text] of runs.entries()) {
      const first = pieces.length === 0;
      const before = first ? Boundary.Space : index === 0 ? Boundary.Word : Boundary.InsideWord;
      pieces.push({ text, before, gap: first ? gap : "" });
    }
  }
  return pieces;
}

/** A sentence too long to be one atom, in atoms of at most `limit` tokens along its words. */
function splitLongSentence(sentence: string, limit: number, count: TokenCounter): Atom[] {
  const words = sentence.split(/\s+/).filter((word) => word !== "");
  const pieces = words.flatMap((word, index) => piecesOfWord(word, index === 0 ? "" : " ", limit, count));
  return pack(pieces, limit, count);
}

function sentencesOf(line: string): Array<{ text: string; gap: string }> {
  const sentences: Array<{ text: string; gap: string }> = [];
  for (const [index, spaced] of line.split(LATIN_SENTENCE_END).entries()) {
    for (const [cjkIndex, text] of spaced.split(CJK_SENTENCE_END).entries()) {
      if (text.trim() === "") continue;
      sentences.push({ text, gap: cjkIndex > 0 ? "" : index > 0 ? " " : "" });
    }
  }
  return sentences;
}

/** The atoms of one section's text, none over `limit` tokens unless one character is. */
export function atomize(text: string, limit: number, count: TokenCounter): Atom[] {
  const atoms: Atom[] = [];
  for (const paragraph of text.replace(/\r\n?/g, "\n").split(PARAGRAPH_BREAK)) {
    let before: Boundary = Boundary.Paragraph;
    let gap = "\n\n";
    for (const rawLine of paragraph.split("\n")) {
      const line = rawLine.trimEnd();
      if (line.trim() === "") continue;
      for (const sentence of sentencesOf(line)) {
        const sentenceGap = before === Boundary.Sentence ? sentence.gap : gap;
        const tokens = count(sentence.text);
        const pieces =
          tokens <= limit
            ? [{ text: sentence.text, tokens, before, gap }]
            : splitLongSentence(sentence.text, limit, count);
        pieces[0] = { ...pieces[0], before, gap: sentenceGap };
        atoms.push(...pieces);
        before = Boundary.Sentence;
      }
      before = Boundary.Line;
      gap = "\n";
    }
  }
  if (atoms.length > 0) atoms[0] = { ...atoms[0], before: Boundary.Paragraph, gap: "" };
  return atoms;
}
