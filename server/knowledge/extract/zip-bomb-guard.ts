/**
 * Refuses a .docx that would unpack to far more than a document holds, before mammoth (and
 * the JSZip under it) inflates anything. The directory's claims are checked first (cheap);
 * then every part mammoth may read is inflated with a ceiling at its claimed size, so a zip
 * that lies about its sizes is caught by the data, not by running out of memory. The parts
 * mammoth reads share the inflation budget every kind of file has (extract-limits.ts): per
 * part, and in all.
 */
import { inflationBudget, type ExtractLimits } from "./extract-limits.js";
import { refusals } from "./knowledge-file-error.js";
import { unpackEntry, type ZipEntry } from "./zip-directory.js";

/** A long report with images unpacks to a few tens of MB; 100 MB of parts is not a document. */
export const DOCX_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** Word writes 15–40 parts; thousands are a bomb's way of multiplying work. */
export const DOCX_MAX_ENTRIES = 2_000;
/** Repetitive XML deflates ~20:1; deflate's ceiling is ~1,000:1, which only crafted data reaches. */
const MAX_RATIO = 200;
/** Small parts may compress absurdly well (a run of spaces) without harm. */
const RATIO_CHECK_FROM_BYTES = 1024 * 1024;

/** The parts mammoth reads: the XML and relationship files, never the media. */
function isReadByMammoth(entry: ZipEntry): boolean {
  return /\.(xml|rels)$/i.test(entry.name);
}

function checkClaims(entries: readonly ZipEntry[]): void {
  if (entries.length > DOCX_MAX_ENTRIES) throw refusals.zipBomb();
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (total > DOCX_MAX_UNPACKED_BYTES) throw refusals.zipBomb();
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (entry.uncompressedSize >= RATIO_CHECK_FROM_BYTES && ratio > MAX_RATIO) throw refusals.zipBomb();
  }
}

/** The part's real size: it never unpacks past what it claims, which the claims check has bounded. */
function actualSize(bytes: Uint8Array, entry: ZipEntry): number {
  try {
    return unpackEntry(bytes, entry).length;
  } catch (error) {
    // Past its claimed size an entry throws RangeError; anything else (bad data, a truncated
    // stream, an entry pointing outside the file) means a damaged file.
    throw error instanceof RangeError ? refusals.zipBomb(error) : refusals.docxDamaged(error);
  }
}

export function guardAgainstZipBomb(bytes: Uint8Array, entries: readonly ZipEntry[], limits: ExtractLimits): void {
  checkClaims(entries);
  const budget = inflationBudget(bytes.length, limits);
  let total = 0;
  for (const entry of entries) {
    if (!isReadByMammoth(entry)) continue;
    // The claim first, so a part that says it is too big is never unpacked.
    if (entry.uncompressedSize > budget.stream || total + entry.uncompressedSize > budget.document)
      throw refusals.zipBomb();
    total += actualSize(bytes, entry);
  }
}
