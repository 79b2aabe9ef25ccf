/**
 * The files on their way in, as a pure reducer: each row waits for its turn (a person may have
 * only a few files being read at once: KNOWLEDGE_UPLOADS_PER_USER), is uploading (with its percent), then
 * processing (sent; the server is reading it), then gone — the stored document takes its place
 * in the list — or failed with the reason, until the person dismisses it.
 */
export type UploadPhase = "waiting" | "uploading" | "processing" | "failed";

export interface UploadRow {
  key: string;
  fileName: string;
  sizeBytes: number;
  phase: UploadPhase;
  percent: number;
  error: string | null;
}

export type UploadEvent =
  | { type: "added"; rows: UploadRow[] }
  | { type: "started"; key: string }
  | { type: "waiting"; key: string }
  | { type: "progress"; key: string; percent: number }
  | { type: "sent"; key: string }
  | { type: "failed"; key: string; message: string }
  | { type: "stored"; key: string }
  | { type: "dismissed"; key: string };

export function newUploadRow(key: string, file: { name: string; size: number }, refusal: string | null): UploadRow {
  return {
    key,
    fileName: file.name,
    sizeBytes: file.size,
    phase: refusal ? "failed" : "waiting",
    percent: 0,
    error: refusal,
  };
}

export function uploadQueueReducer(rows: UploadRow[], event: UploadEvent): UploadRow[] {
  switch (event.type) {
    case "added":
      return [...event.rows, ...rows];
    case "started":
      return rows.map((row) =>
        row.key === event.key && row.phase === "waiting" ? { ...row, phase: "uploading" } : row,
      );
    case "waiting":
      // Refused for now (too many files being read): back in line, from 0 %.
      return rows.map((row) => (row.key === event.key ? { ...row, phase: "waiting", percent: 0 } : row));
    case "progress":
      // Progress can arrive after "sent" on some browsers; it never moves a row back.
      return rows.map((row) =>
        row.key === event.key && row.phase === "uploading"
          ? { ...row, percent: Math.max(row.percent, Math.min(100, event.percent)) }
          : row,
      );
    case "sent":
      return rows.map((row) =>
        row.key === event.key && row.phase === "uploading" ? { ...row, phase: "processing", percent: 100 } : row,
      );
    case "failed":
      return rows.map((row) => (row.key === event.key ? { ...row, phase: "failed", error: event.message } : row));
    case "stored":
    case "dismissed":
      return rows.filter((row) => row.key !== event.key);
  }
}

/** What a file is, in the words of "Reading the PDF…". */
export function fileKindWord(fileName: string | null | undefined): string {
  const extension = fileName?.split(".").pop()?.toLowerCase();
  if (extension === "pdf") return "PDF";
  if (extension === "docx") return "Word document";
  if (extension === "csv") return "spreadsheet";
  if (extension === "html" || extension === "htm") return "web page";
  return "file";
}

/**
 * What a row being processed says: where the file is in the server's queue when the server
 * has told us (GET /api/knowledge/uploads), "Processing…" until then.
 */
export function processingLabel(
  queue: { filesAhead: number; reading: boolean } | undefined,
  fileName?: string | null,
): string {
  if (!queue) return "Processing…";
  if (queue.reading) return `Reading the ${fileKindWord(fileName)}…`;
  if (queue.filesAhead === 0) return "Waiting: next in line";
  return `Waiting: ${queue.filesAhead} ${queue.filesAhead === 1 ? "file" : "files"} ahead`;
}

/** True while a row still waits on the network (leaving the page would lose it). */
export function isInFlight(row: UploadRow): boolean {
  return row.phase !== "failed";
}
