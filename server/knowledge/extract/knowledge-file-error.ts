/**
 * A file (or pasted text) we refuse to take, with a message the person who uploaded it can act
 * on. The status is what the API answers: 400 unreadable, 413 too large, 415 not a kind we read.
 * The same messages are stored as a failed document's reason, so they never name internals.
 */
import { KNOWLEDGE_FILE_MAX_BYTES } from "../../../contracts/knowledge.js";

export type KnowledgeFileErrorStatus = 400 | 413 | 415;

export class KnowledgeFileError extends Error {
  override readonly name = "KnowledgeFileError";

  /** Set when the file holds more passages than its agent has room for: the agent's passage limit. */
  readonly passageLimit?: number;

  constructor(
    readonly status: KnowledgeFileErrorStatus,
    message: string,
    options?: { cause?: unknown; passageLimit?: number },
  ) {
    super(message, options);
    this.passageLimit = options?.passageLimit;
  }
}

export function isKnowledgeFileError(error: unknown): error is KnowledgeFileError {
  return error instanceof KnowledgeFileError;
}

const ALLOWED_KINDS = "We can read .txt, .md, .pdf, .docx, .html and .csv files.";
const MAX_MEGABYTES = Math.round(KNOWLEDGE_FILE_MAX_BYTES / (1024 * 1024));

/** Every refusal in one place, so the wording stays consistent and tests can name them. */
export const refusals = {
  tooLarge: (cause?: unknown) =>
    new KnowledgeFileError(413, `This file is larger than ${MAX_MEGABYTES} MB. Split it and upload the parts.`, {
      cause,
    }),
  empty: (cause?: unknown) => new KnowledgeFileError(400, "This file is empty.", { cause }),
  noText: (cause?: unknown) => new KnowledgeFileError(400, "This file has no text we can read.", { cause }),
  unsupportedName: (extension: string) =>
    new KnowledgeFileError(415, `We cannot read .${extension} files. ${ALLOWED_KINDS}`),
  notRealPdf: (cause?: unknown) =>
    new KnowledgeFileError(415, `This file is not a real PDF: its contents do not match its name. ${ALLOWED_KINDS}`, {
      cause,
    }),
  notRealDocx: () =>
    new KnowledgeFileError(
      415,
      `This file is not a real Word document (.docx): its contents do not match its name. Old .doc files must be saved as .docx first. ${ALLOWED_KINDS}`,
    ),
  notText: (cause?: unknown) =>
    new KnowledgeFileError(415, `This file is not text: its contents do not match its name. ${ALLOWED_KINDS}`, {
      cause,
    }),
  unknownContent: (cause?: unknown) =>
    new KnowledgeFileError(415, `We do not recognise this file's contents. ${ALLOWED_KINDS}`, { cause }),
  declaredTypeMismatch: (declaredType: string) =>
    new KnowledgeFileError(
      415,
      `This file says it is ${declaredType}, but its contents are something else. ${ALLOWED_KINDS}`,
    ),
  pdfPassword: (cause?: unknown) =>
    new KnowledgeFileError(400, "This PDF is password-protected. Remove the password and upload it again.", { cause }),
  pdfDamaged: (cause?: unknown) =>
    new KnowledgeFileError(400, "This PDF is damaged and cannot be read. Export or save it again, then upload it.", {
      cause,
    }),
  pdfNoText: (cause?: unknown) =>
    new KnowledgeFileError(400, "This PDF has no text we can read (a scanned PDF needs OCR first).", { cause }),
  docxDamaged: (cause?: unknown) =>
    new KnowledgeFileError(
      400,
      "This Word document is damaged and cannot be read. Save it again as .docx, then upload it.",
      { cause },
    ),
  zipBomb: (cause?: unknown) =>
    new KnowledgeFileError(
      400,
      "This Word document looks like a zip bomb: it would unpack to far more data than a document holds. It was not opened.",
      { cause },
    ),
  inflatesTooMuch: (cause?: unknown) =>
    new KnowledgeFileError(
      400,
      "This file unpacks to far more data than a document holds (it looks like a decompression bomb). It was not read.",
      { cause },
    ),
  /** The catalogue's TOO_MANY_PASSAGES wording; the service answers with that code. */
  tooManyPassages: (limit: number) =>
    new KnowledgeFileError(
      413,
      `This would give the agent more than ${limit.toLocaleString("en-US")} passages of knowledge. Delete a document or upload a shorter one.`,
      { passageLimit: limit },
    ),
  tooManyPages: (limit: number) =>
    new KnowledgeFileError(
      400,
      `This PDF has more than ${limit.toLocaleString("en-US")} pages. Split it into smaller files and upload them.`,
    ),
  tooManyObjects: (cause?: unknown) =>
    new KnowledgeFileError(
      400,
      "This PDF is built from far more parts than a document needs. Export or save it again, then upload it.",
      { cause },
    ),
  tooSlow: (cause?: unknown) =>
    new KnowledgeFileError(400, "This file took too long to read. Split it into smaller files and upload them.", {
      cause,
    }),
  tooComplex: (cause?: unknown) =>
    new KnowledgeFileError(
      400,
      "This file needs too much memory to read. Split it into smaller files and upload them.",
      { cause },
    ),
  unreadable: (cause?: unknown) =>
    new KnowledgeFileError(400, "We could not read this file. It may be damaged; save it again and upload it.", {
      cause,
    }),
} as const;
