/** How knowledge documents read on screen: sizes, kinds, dates and the client-side pre-checks. */
import { KNOWLEDGE_ACCEPT, KNOWLEDGE_FILE_MAX_BYTES, type KnowledgeDocument } from "../../../contracts/knowledge";

const KIND_LABELS: Record<KnowledgeDocument["kind"], string> = {
  txt: "Text file",
  md: "Markdown",
  pdf: "PDF",
  docx: "Word",
  html: "Web page",
  csv: "CSV",
  text: "Pasted text",
};

export function kindLabel(kind: KnowledgeDocument["kind"]): string {
  return KIND_LABELS[kind];
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function passagesLabel(count: number): string {
  return count === 1 ? "1 passage" : `${count} passages`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" });

export function addedOn(iso: string): string {
  return dateFormat.format(new Date(iso));
}

const ACCEPTED_EXTENSIONS = KNOWLEDGE_ACCEPT.split(",");
/** "TXT, MD, PDF, DOCX, HTML, CSV": for messages that say what can be added. */
export const ACCEPTED_KINDS_TEXT = ACCEPTED_EXTENSIONS.filter((ext) => ext !== ".htm")
  .map((ext) => ext.slice(1).toUpperCase())
  .join(", ");

/**
 * Why a file need not be sent at all, or null. The server checks again (and reads the content,
 * which a name can lie about); this only spares a 20 MB upload that is bound to be refused.
 */
export function refusalBeforeUpload(file: { name: string; size: number }): string | null {
  const dot = file.name.lastIndexOf(".");
  const extension = dot === -1 ? "" : file.name.slice(dot).toLowerCase();
  if (!ACCEPTED_EXTENSIONS.includes(extension)) {
    return `This kind of file cannot be read. Add ${ACCEPTED_KINDS_TEXT} files.`;
  }
  if (file.size > KNOWLEDGE_FILE_MAX_BYTES) {
    return `This file is larger than ${KNOWLEDGE_FILE_MAX_BYTES / (1024 * 1024)} MB, the most one file may be.`;
  }
  if (file.size === 0) return "This file is empty.";
  return null;
}
