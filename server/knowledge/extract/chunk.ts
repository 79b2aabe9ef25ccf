/**
 * Sections → chunks of about CHUNK_MAX_TOKENS, the passages retrieval finds and citations show.
 * Sections are never merged, so every chunk has exactly one location (a page, a heading path,
 * a range of rows). Inside a section the cut goes at the strongest boundary in the second half
 * of the chunk — a paragraph before a line, a line before a sentence, a sentence before a
 * word — and each chunk after the first repeats the previous one's last ~15% (whole sentences
 * where they fit), so an answer that straddles a cut is still found whole in one chunk.
 */
import type { ChunkDraft, ExtractedSection } from "./extracted-section.js";
import { atomize, Boundary, type Atom } from "./text-atoms.js";
import { countTokens, type TokenCounter } from "./token-count.js";

export const CHUNK_MAX_TOKENS = 800;
export const CHUNK_OVERLAP_TOKENS = 120;
/** Atoms never get smaller than this, so a tiny overlap does not shred long sentences. */
const MIN_ATOM_TOKENS = 16;

export interface ChunkOptions {
  maxTokens?: number;
  /** Tokens of the previous chunk repeated at the start of the next, within one section. */
  overlapTokens?: number;
  countTokens?: TokenCounter;
}

function render(atoms: readonly Atom[]): string {
  return atoms
    .map((atom, index) => (index === 0 ? atom.text : atom.gap + atom.text))
    .join("")
    .trim();
}

/**
 * Where to end a chunk that runs from `start` and could take atoms up to `end` (exclusive):
 * before the atom with the strongest boundary once the chunk is at least half full, the
 * latest such atom on a tie (so chunks come out as full as the structure allows).
 */
function bestCut(atoms: readonly Atom[], start: number, end: number, room: number): number {
  let best = end;
  let bestStrength = -1;
  let filled = 0;
  for (let cut = start + 1; cut <= end; cut++) {
    filled += atoms[cut - 1].tokens;
    if (filled < room / 2) continue;
    if (atoms[cut].before >= bestStrength) {
      best = cut;
      bestStrength = atoms[cut].before;
    }
  }
  return best;
}

/** The first atom of the overlap: as far back as fits, starting at a sentence where one fits. */
function overlapStart(atoms: readonly Atom[], start: number, end: number, overlap: number): number {
  let first = end;
  let sentenceFirst = end;
  let tokens = 0;
  for (let index = end - 1; index > start; index--) {
    tokens += atoms[index].tokens;
    if (tokens > overlap) break;
    first = index;
    if (atoms[index].before >= Boundary.Sentence) sentenceFirst = index;
  }
  return sentenceFirst < end ? sentenceFirst : first;
}

function chunkText(text: string, maxTokens: number, overlapTokens: number, count: TokenCounter): string[] {
  const atomLimit = Math.max(1, Math.min(maxTokens - overlapTokens, Math.max(overlapTokens, MIN_ATOM_TOKENS)));
  const atoms = atomize(text, atomLimit, count);
  const total = atoms.reduce((sum, atom) => sum + atom.tokens, 0);
  if (atoms.length === 0) return [];
  if (total <= maxTokens) return [render(atoms)];
  const chunks: string[] = [];
  let overlapFrom = 0;
  let start = 0;
  while (start < atoms.length) {
    let used = 0;
    for (let index = overlapFrom; index < start; index++) used += atoms[index].tokens;
    const room = maxTokens - used;
    let end = start;
    let filled = 0;
    while (end < atoms.length && filled + atoms[end].tokens <= room) filled += atoms[end++].tokens;
    if (end === start) end = start + 1;
    else if (end < atoms.length) end = bestCut(atoms, start, end, room);
    chunks.push(render(atoms.slice(overlapFrom, end)));
    overlapFrom = end < atoms.length ? overlapStart(atoms, start, end, overlapTokens) : end;
    start = end;
  }
  return chunks;
}

export function chunkSections(sections: readonly ExtractedSection[], options: ChunkOptions = {}): ChunkDraft[] {
  const maxTokens = Math.max(1, options.maxTokens ?? CHUNK_MAX_TOKENS);
  const overlapTokens = Math.min(Math.floor(maxTokens / 2), Math.max(0, options.overlapTokens ?? CHUNK_OVERLAP_TOKENS));
  const count = options.countTokens ?? countTokens;
  const drafts: ChunkDraft[] = [];
  for (const section of sections) {
    for (const content of chunkText(section.text, maxTokens, overlapTokens, count)) {
      if (content !== "") drafts.push({ ordinal: drafts.length, content, location: section.location });
    }
  }
  return drafts;
}
