/**
 * PDF → one section per page ("page 3"), through unpdf's serverless build of PDF.js (its own
 * polyfills cover what Node 20 lacks, e.g. Promise.withResolvers). A password, a damaged file
 * or a scan without a text layer is refused with a message saying which; so is one that would
 * inflate past its budget or declares more pages than the limit (extract-limits.ts), before
 * PDF.js reads a page.
 */
import { getDocumentProxy } from "unpdf";
import type { ExtractedSection } from "./extracted-section.js";
import { DEFAULT_EXTRACT_LIMITS, type ExtractLimits, type PassageRoom } from "./extract-limits.js";
import { refusals } from "./knowledge-file-error.js";
import { guardPdfInflation } from "./pdf-inflation-guard.js";

export interface PdfExtraction {
  sections: ExtractedSection[];
  title: string | null;
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

function isTextItem(item: object): item is { str: string; hasEOL: boolean } {
  return "str" in item && typeof item.str === "string";
}

async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  try {
    // A copy: PDF.js takes ownership of (and may detach) the buffer it is given.
    return await getDocumentProxy(bytes.slice(), { verbosity: 0, isEvalSupported: false, stopAtErrors: false });
  } catch (error) {
    if (error instanceof Error && error.name === "PasswordException") throw refusals.pdfPassword(error);
    throw refusals.pdfDamaged(error);
  }
}

async function titleOf(pdf: PdfDocument): Promise<string | null> {
  try {
    const { info } = await pdf.getMetadata();
    const title: unknown = info && typeof info === "object" && "Title" in info ? info.Title : null;
    return typeof title === "string" && title.trim() !== "" ? title.trim() : null;
  } catch {
    // Broken metadata costs the title, not the document.
    return null;
  }
}

async function pageText(pdf: PdfDocument, pageNumber: number): Promise<string> {
  const page = await pdf.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    let text = "";
    for (const item of content.items) if (isTextItem(item)) text += item.str + (item.hasEOL ? "\n" : "");
    return text;
  } finally {
    page.cleanup();
  }
}

export async function extractPdf(
  bytes: Uint8Array,
  limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS,
  passages?: PassageRoom,
): Promise<PdfExtraction> {
  await guardPdfInflation(bytes, limits);
  const pdf = await openPdf(bytes);
  try {
    // A page tree may claim a billion pages; each would cost a failed lookup.
    if (pdf.numPages > limits.pdfMaxPages) throw refusals.tooManyPages(limits.pdfMaxPages);
    const sections: ExtractedSection[] = [];
    let unreadablePages = 0;
    let lastError: unknown;
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
      let text: string;
      try {
        text = await pageText(pdf, pageNumber);
      } catch (error) {
        // One broken page should not cost the others their text.
        unreadablePages++;
        lastError = error;
        continue;
      }
      if (text.trim() !== "") sections.push({ text, location: `page ${pageNumber}` });
      // Each page with text is at least one passage (sections are never merged): past the
      // agent's room the file is refused now, not after the rest of its pages are read.
      if (passages && sections.length > passages.room) throw refusals.tooManyPassages(passages.limit);
    }
    if (sections.length === 0) throw unreadablePages > 0 ? refusals.pdfDamaged(lastError) : refusals.pdfNoText();
    return { sections, title: await titleOf(pdf) };
  } finally {
    await pdf.destroy();
  }
}
