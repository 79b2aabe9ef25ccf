/**
 * The real kind of an upload, from its bytes first, its name second, and its declared MIME type
 * only as a claim to check: browsers derive the type from the name, and Windows calls a CSV
 * "application/vnd.ms-excel", so a type is never enough to accept a file, only to refuse one
 * whose content says otherwise. A name that disagrees with the content is refused (415), so a
 * zip called .pdf or a program called .txt never reaches a parser.
 */
import { KNOWLEDGE_FILE_MAX_BYTES, type KnowledgeFileKind } from "../../../contracts/knowledge.js";
import { decodeText } from "./decode-text.js";
import { refusals } from "./knowledge-file-error.js";
import { readZipDirectory, startsLikeZip, ZipFormatError, type ZipEntry } from "./zip-directory.js";

export type TextKind = "txt" | "md" | "csv" | "html";

export type DetectedFile = { kind: "pdf" } | { kind: "docx"; entries: ZipEntry[] } | { kind: TextKind; text: string };

type Content = DetectedFile | { kind: "text"; text: string } | { kind: "zip" } | { kind: "binary" };

const KIND_BY_EXTENSION: Record<string, KnowledgeFileKind> = {
  txt: "txt",
  text: "txt",
  md: "md",
  markdown: "md",
  pdf: "pdf",
  docx: "docx",
  html: "html",
  htm: "html",
  csv: "csv",
};

const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const TEXT_KIND_BY_TYPE: Record<string, TextKind> = {
  "text/plain": "txt",
  "text/markdown": "md",
  "text/x-markdown": "md",
  "text/csv": "csv",
  "application/csv": "csv",
  "application/vnd.ms-excel": "csv",
  "text/html": "html",
  "application/xhtml+xml": "html",
};

const PDF_MAGIC = "%PDF-";

function startsWithPdfMagic(bytes: Uint8Array): boolean {
  return new TextDecoder("latin1").decode(bytes.subarray(0, PDF_MAGIC.length)) === PDF_MAGIC;
}

/**
 * PDF readers accept the header anywhere in the first 1 KB, and some generators put junk
 * before it; we accept that only from a file named .pdf (a text file may mention "%PDF-").
 */
function hasPdfMagicNearStart(bytes: Uint8Array): boolean {
  return new TextDecoder("latin1").decode(bytes.subarray(0, 1024)).includes(PDF_MAGIC);
}

function sniff(bytes: Uint8Array): Content {
  if (startsWithPdfMagic(bytes)) return { kind: "pdf" };
  if (startsLikeZip(bytes)) {
    try {
      const entries = readZipDirectory(bytes);
      return entries.some((entry) => entry.name === "word/document.xml") ? { kind: "docx", entries } : { kind: "zip" };
    } catch (error) {
      if (error instanceof ZipFormatError) return { kind: "zip" };
      throw error;
    }
  }
  const text = decodeText(bytes);
  return text === null ? { kind: "binary" } : { kind: "text", text };
}

function extensionOf(fileName: string | null): string | null {
  const match = fileName ? /\.([^./\\]+)$/.exec(fileName.trim()) : null;
  return match ? match[1].toLowerCase() : null;
}

/** The kind the name claims; null when there is no name or no extension to go by. */
function kindFromName(fileName: string | null): KnowledgeFileKind | null {
  const extension = extensionOf(fileName);
  if (extension === null) return null;
  const kind = KIND_BY_EXTENSION[extension];
  if (!kind) throw refusals.unsupportedName(extension);
  return kind;
}

/** "text/CSV; charset=utf-8" → "text/csv"; generic types say nothing and come back null. */
function meaningfulType(declaredType: string | null): string | null {
  const type = declaredType?.split(";")[0].trim().toLowerCase() ?? "";
  if (type === "" || type === "application/octet-stream" || type === "binary/octet-stream") return null;
  return type;
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(<!doctype html|<html[\s>])/i.test(text.slice(0, 1024));
}

function textKindWithoutName(text: string, type: string | null): TextKind {
  const byType = type ? TEXT_KIND_BY_TYPE[type] : undefined;
  if (byType) return byType;
  return looksLikeHtml(text) ? "html" : "txt";
}

function matchName(
  bytes: Uint8Array,
  content: Content,
  named: KnowledgeFileKind | null,
  type: string | null,
): DetectedFile {
  if (named === "pdf") {
    if (content.kind !== "pdf" && !hasPdfMagicNearStart(bytes)) throw refusals.notRealPdf();
    return { kind: "pdf" };
  }
  if (named === "docx") {
    if (content.kind !== "docx") throw refusals.notRealDocx();
    return content;
  }
  if (named !== null) {
    if (content.kind !== "text") throw refusals.notText();
    return { kind: named, text: content.text };
  }
  if (content.kind === "pdf" || content.kind === "docx") return content;
  if (content.kind === "text") return { kind: textKindWithoutName(content.text, type), text: content.text };
  throw refusals.unknownContent();
}

/** A declared type that names a family the content does not belong to is a lie. */
function checkDeclaredType(detected: DetectedFile, type: string | null, declaredType: string | null): void {
  if (type === null) return;
  const isText = detected.kind !== "pdf" && detected.kind !== "docx";
  const contradicts =
    (type === "application/pdf" && detected.kind !== "pdf") ||
    (type === DOCX_TYPE && detected.kind !== "docx") ||
    ((type.startsWith("text/") || type in TEXT_KIND_BY_TYPE) && !isText) ||
    /^(image|audio|video|font)\//.test(type);
  if (contradicts) throw refusals.declaredTypeMismatch(declaredType ?? type);
}

export function detectKind(input: {
  bytes: Uint8Array;
  fileName: string | null;
  declaredType: string | null;
}): DetectedFile {
  const { bytes, fileName, declaredType } = input;
  if (bytes.length > KNOWLEDGE_FILE_MAX_BYTES) throw refusals.tooLarge();
  if (bytes.length === 0) throw refusals.empty();
  const named = kindFromName(fileName);
  const type = meaningfulType(declaredType);
  const detected = matchName(bytes, sniff(bytes), named, type);
  checkDeclaredType(detected, type, declaredType);
  if ("text" in detected && detected.text.trim() === "") throw refusals.empty();
  return detected;
}
