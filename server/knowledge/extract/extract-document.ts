/**
 * One upload (or pasted text) → its chunks: detect the real kind, read its text into sections,
 * cut the sections into chunks. Runs inside the extraction worker (extract-worker.ts); callable
 * directly where blocking is fine (tests, scripts). Throws KnowledgeFileError for bad input.
 */
import { KNOWLEDGE_FILE_MAX_BYTES, type KnowledgeFileKind } from "../../../contracts/knowledge.js";
import { chunkSections, type ChunkOptions } from "./chunk.js";
import { detectKind } from "./detect-kind.js";
import { extractCsv } from "./extract-csv.js";
import { extractDocx } from "./extract-docx.js";
import { extractHtml } from "./extract-html.js";
import { extractMarkdown } from "./extract-markdown.js";
import { DEFAULT_EXTRACT_LIMITS, type ExtractLimits, type PassageRoom } from "./extract-limits.js";
import { extractPdf } from "./extract-pdf.js";
import { extractPlainText } from "./extract-plain-text.js";
import type { ChunkDraft, ExtractedSection } from "./extracted-section.js";
import { refusals } from "./knowledge-file-error.js";

export interface ExtractInput {
  bytes: Uint8Array;
  fileName: string | null;
  declaredType: string | null;
  /** "text": pasted text, as UTF-8 bytes; read like Markdown (plain prose reads the same). */
  kind?: "text";
  /**
   * The passages its agent still has room for, and the agent's limit: a file that would hold
   * more is refused as soon as that is certain (a PDF while its pages are read), not after.
   */
  passages?: PassageRoom;
}

export interface ExtractedDocument {
  kind: KnowledgeFileKind | "text";
  chunks: ChunkDraft[];
  /** The document's own title (PDF metadata, <title>, first top heading); null if it has none. */
  suggestedTitle: string | null;
}

interface Extraction {
  kind: KnowledgeFileKind | "text";
  sections: ExtractedSection[];
  title: string | null;
}

async function extractSections(
  input: ExtractInput,
  chunking: ChunkOptions,
  limits: ExtractLimits,
): Promise<Extraction> {
  if (input.kind === "text") {
    if (input.bytes.length > KNOWLEDGE_FILE_MAX_BYTES) throw refusals.tooLarge();
    const text = new TextDecoder().decode(input.bytes);
    if (text.trim() === "") throw refusals.empty();
    return { kind: "text", sections: extractMarkdown(text).sections, title: null };
  }
  const detected = detectKind(input);
  switch (detected.kind) {
    case "pdf":
      return { kind: "pdf", ...(await extractPdf(input.bytes, limits, input.passages)) };
    case "docx":
      return { kind: "docx", ...(await extractDocx(input.bytes, detected.entries, limits)) };
    // HTML, Markdown, CSV and text are read as they were uploaded: nothing in them inflates,
    // so the upload's own size limit is their bound.
    case "html":
      return { kind: "html", ...extractHtml(detected.text) };
    case "md":
      return { kind: "md", ...extractMarkdown(detected.text) };
    case "csv":
      return { kind: "csv", sections: extractCsv(detected.text, chunking), title: null };
    case "txt":
      return { kind: "txt", sections: extractPlainText(detected.text), title: null };
  }
}

export async function extractDocument(
  input: ExtractInput,
  chunking: ChunkOptions = {},
  limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS,
): Promise<ExtractedDocument> {
  const { kind, sections, title } = await extractSections(input, chunking, limits);
  const chunks = chunkSections(sections, chunking);
  if (chunks.length === 0) throw kind === "pdf" ? refusals.pdfNoText() : refusals.noText();
  if (input.passages && chunks.length > input.passages.room) throw refusals.tooManyPassages(input.passages.limit);
  return { kind, chunks, suggestedTitle: title };
}
