/**
 * The work one file may cost extraction, beyond its upload size: how many bytes its compressed
 * parts may inflate to (per stream and per document), how many pages and objects a PDF may
 * have, and the memory the readers may add to the server while it is read. A hostile file is
 * refused when it reaches a bound, never read to the end first. Defaults in contracts/limits.ts; an operator
 * tunes them through server/config.ts (KNOWLEDGE_* variables), and the pool hands them to its
 * workers with each job.
 */
import { DEFAULT_EXTRACT_LIMITS, type ExtractLimits } from "../../../contracts/limits.js";

// The defaults live beside the other configurable limits (contracts/limits.ts), so that
// server/config.ts reads them without reaching into this feature.
export {
  DEFAULT_EXTRACT_LIMITS,
  EXTRACT_MEMORY_BUDGET_MB,
  EXTRACT_QUEUE_MAX,
  KNOWLEDGE_UPLOADS_PER_USER_DEFAULT,
  type ExtractLimits,
} from "../../../contracts/limits.js";

/** The passages a file's agent still has room for, and the agent's limit (named in the refusal). */
export interface PassageRoom {
  room: number;
  limit: number;
}

const MB = 1024 * 1024;

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
