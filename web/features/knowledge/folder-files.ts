/**
 * A folder added as knowledge, as pure rules: which of its files go to the upload queue (the
 * kinds the server reads), which are skipped and why — said in one line, not one error per
 * file — and how far the folder is on its way to ready ("5 ready, 7 to go").
 */
import { KNOWLEDGE_FILE_MAX_BYTES, type KnowledgeDocument } from "../../../contracts/knowledge";
import { ACCEPTED_KINDS_TEXT, refusalBeforeUpload } from "./knowledge-format";

/** One file found in a folder, with its path inside it ("manual/guide/intro.md"). */
export interface FolderFile {
  path: string;
  file: File;
}

export interface SortedFolder {
  /** The folder's name as the person knows it ("manual"), or "2 folders". */
  name: string;
  accepted: File[];
  /** Extensions of the files of a kind the agent cannot read, one per file (".exe", "" for none). */
  wrongKind: string[];
  empty: number;
  tooLarge: number;
}

/** Hidden files and everything in hidden folders (".DS_Store", ".git/…"): never meant to be read. */
function isHidden(path: string): boolean {
  return path.split("/").some((segment) => segment.startsWith("."));
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot).toLowerCase();
}

function folderName(paths: string[]): string {
  const tops = new Set(paths.map((path) => path.split("/").filter(Boolean)[0] ?? ""));
  if (tops.size === 1) return [...tops][0] || "the folder";
  return `${tops.size} folders`;
}

export function sortFolderFiles(files: FolderFile[]): SortedFolder {
  const sorted: SortedFolder = {
    name: folderName(files.map((f) => f.path)),
    accepted: [],
    wrongKind: [],
    empty: 0,
    tooLarge: 0,
  };
  // Alphabetical by path, so the rows come in the order the person sees the folder.
  const visible = files.filter((f) => !isHidden(f.path)).sort((a, b) => a.path.localeCompare(b.path));
  for (const { file } of visible) {
    if (refusalBeforeUpload(file) === null) sorted.accepted.push(file);
    else if (refusalBeforeUpload({ name: file.name, size: 1 }) !== null) sorted.wrongKind.push(extensionOf(file.name));
    else if (file.size > KNOWLEDGE_FILE_MAX_BYTES) sorted.tooLarge += 1;
    else sorted.empty += 1;
  }
  return sorted;
}

const files = (count: number) => (count === 1 ? "1 file" : `${count} files`);

/**
 * The one line that says what was left out and why, or null when nothing was: "Skipped 1 file
 * from “manual” that the agent cannot read (.exe). It reads TXT, MD, PDF, DOCX, HTML, CSV."
 */
export function skippedLine(folder: SortedFolder): string | null {
  const wrongKind = folder.wrongKind.length;
  const total = wrongKind + folder.empty + folder.tooLarge;
  if (total === 0) return null;
  const kinds = [...new Set(folder.wrongKind)].map((ext) => ext || "no extension").join(", ");
  const reasons: [number, string][] = [
    [wrongKind, `the agent cannot read (${kinds})`],
    [folder.tooLarge, `over ${KNOWLEDGE_FILE_MAX_BYTES / (1024 * 1024)} MB`],
    [folder.empty, "empty"],
  ];
  const present = reasons.filter(([count]) => count > 0);
  const why =
    present.length === 1
      ? ` ${wrongKind > 0 ? "that" : total === 1 ? "that is" : "that are"} ${present[0]![1]}`
      : `: ${present.map(([count, reason]) => `${count} ${reason}`).join(", ")}`;
  const readable = wrongKind > 0 ? ` It reads ${ACCEPTED_KINDS_TEXT}.` : "";
  return `Skipped ${files(total)} from “${folder.name}”${why}.${readable}`;
}

/** Where one file of a folder is: still on its way, stored as a document, or refused. */
export type FolderFileOutcome = { documentId: string } | "failed" | undefined;

export interface FolderProgress {
  total: number;
  ready: number;
  failed: number;
  toGo: number;
}

export function folderProgress(
  keys: string[],
  outcomes: ReadonlyMap<string, FolderFileOutcome>,
  documents: readonly KnowledgeDocument[],
): FolderProgress {
  const status = new Map(documents.map((doc) => [doc.id, doc.status]));
  const progress = { total: keys.length, ready: 0, failed: 0, toGo: 0 };
  for (const key of keys) {
    const outcome = outcomes.get(key);
    const documentStatus = outcome && outcome !== "failed" ? status.get(outcome.documentId) : undefined;
    if (outcome === "failed" || documentStatus === "failed") progress.failed += 1;
    else if (documentStatus === "ready") progress.ready += 1;
    else progress.toGo += 1;
  }
  return progress;
}

/** "Adding 12 files from “manual”: 5 ready, 7 to go", then "All 12 files from “manual” are ready". */
export function folderProgressLine(name: string, progress: FolderProgress): string {
  const { total, ready, failed, toGo } = progress;
  const from = `from “${name}”`;
  if (toGo > 0) {
    const parts = [`${ready} ready`, ...(failed > 0 ? [`${failed} failed`] : []), `${toGo} to go`];
    return `Adding ${files(total)} ${from}: ${parts.join(", ")}`;
  }
  if (failed === 0) return total === 1 ? `The file ${from} is ready` : `All ${total} files ${from} are ready`;
  return `${ready} of ${files(total)} ${from} ${ready === 1 ? "is" : "are"} ready; ${failed} could not be added`;
}
