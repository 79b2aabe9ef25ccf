/**
 * The work one file may cost extraction, beyond its upload size: how many bytes its compressed
 * parts may inflate to (per stream and per document), how many pages and objects a PDF may
 * have, and the memory the readers may add to the server while it is read. A hostile file is
 * refused when it reaches a bound, never read to the end first. Defaults here; an operator
 * tunes them through server/config.ts (KNOWLEDGE_* variables), and the pool hands them to its
 * workers with each job.
 */

export interface ExtractLimits {
  /** A document's compressed parts may inflate to this many times the file's size… */
  inflateRatio: number;
  /** …but never past this many bytes in all… */
  inflateMaxBytes: number;
  /** …nor past this many bytes for any one stream or zip part. */
  inflateStreamMaxBytes: number;
  /** Pages a PDF may declare. */
  pdfMaxPages: number;
  /** Indirect objects a PDF may hold (in the file and in its object streams). */
  pdfMaxObjects: number;
}

/** The passages a file's agent still has room for, and the agent's limit (named in the refusal). */
export interface PassageRoom {
  room: number;
  limit: number;
}

const MB = 1024 * 1024;

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  inflateRatio: 50,
  // A 20 MB manual with its fonts inflates to ~60 MB; PDF.js holds what it inflates outside
  // the V8 heap, so this is also roughly what a file may add to the server's memory.
  inflateMaxBytes: 128 * MB,
  inflateStreamMaxBytes: 64 * MB,
  pdfMaxPages: 2_000,
  pdfMaxObjects: 500_000,
};

/**
 * Resident memory reading files may add to the server before the files being read are refused
 * (extract-pool.ts): the issue-22 goal is 300 MB above idle under any hostile file.
 */
export const EXTRACT_MEMORY_BUDGET_MB = 256;

/** Files waiting to be read at once: with two in flight per person, room for 32 people uploading together. */
export const EXTRACT_QUEUE_MAX = 64;
/** A person's uploads, pastes and re-indexings in flight at once. */
export const KNOWLEDGE_UPLOADS_PER_USER_DEFAULT = 2;

/**
 * Small files still get this much room: a 100 KB PDF may carry a nearly blank 10 MB image or
 * a font that compresses unusually well, and a few MB cannot hurt the server.
 */
export const INFLATE_FLOOR_BYTES = 16 * MB;

/** The bytes a file of `fileBytes` may inflate to, in all and per stream. */
export function inflationBudget(
  fileBytes: number,
  limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS,
): { document: number; stream: number } {
  const document = Math.min(limits.inflateMaxBytes, Math.max(INFLATE_FLOOR_BYTES, fileBytes * limits.inflateRatio));
  return { document, stream: Math.min(document, limits.inflateStreamMaxBytes) };
}
