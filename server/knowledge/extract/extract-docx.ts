/**
 * .docx → sections along its headings: mammoth renders the document as HTML (Word's Heading 1–6
 * styles become h1–h6) and extract-html.ts reads that. The zip is checked for bombs first, and
 * images are never read: only their alt text would matter, and mammoth would otherwise inline
 * every picture as base64.
 */
import mammoth from "mammoth";
import { parse } from "node-html-parser";
import { extractHtml, type HtmlExtraction } from "./extract-html.js";
import { DEFAULT_EXTRACT_LIMITS, type ExtractLimits } from "./extract-limits.js";
import { refusals } from "./knowledge-file-error.js";
import { guardAgainstZipBomb } from "./zip-bomb-guard.js";
import { unpackEntry, type ZipEntry } from "./zip-directory.js";

const SKIP_IMAGE = mammoth.images.imgElement(() => Promise.resolve({ src: "" }));

/** The title set in Word's document properties (docProps/core.xml), which mammoth does not read. */
function propertiesTitle(bytes: Uint8Array, entries: readonly ZipEntry[]): string | null {
  const core = entries.find((entry) => entry.name === "docProps/core.xml");
  if (!core) return null;
  try {
    const match = /<dc:title>([^<]*)<\/dc:title>/.exec(unpackEntry(bytes, core).toString("utf8"));
    // Through the HTML parser only to decode entities (&amp; …).
    const title = match ? parse(match[1]).text.trim() : "";
    return title === "" ? null : title;
  } catch {
    return null;
  }
}

export async function extractDocx(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS,
): Promise<HtmlExtraction> {
  guardAgainstZipBomb(bytes, entries, limits);
  let html: string;
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    html = (await mammoth.convertToHtml({ buffer }, { convertImage: SKIP_IMAGE, externalFileAccess: false })).value;
  } catch (error) {
    throw refusals.docxDamaged(error);
  }
  const extraction = extractHtml(html);
  return { ...extraction, title: propertiesTitle(bytes, entries) ?? extraction.title };
}
