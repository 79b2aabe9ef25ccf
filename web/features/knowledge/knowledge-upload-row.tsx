/**
 * One file on its way in: its progress bar while uploading, where it is in the server's queue
 * once sent ("Waiting: 2 files ahead", then "Reading the PDF…"), or why it was refused. Once
 * read, the document's own row takes over ("Indexing 1,240 passages…" until ready).
 */
import { AlertCircle, FileUp, Loader2, X } from "lucide-react";
import { Button } from "../../components/ui/button";
import { formatBytes } from "./knowledge-format";
import { processingLabel, type UploadRow } from "./upload-queue";

export function KnowledgeUploadRow({
  row,
  onDismiss,
}: {
  row: UploadRow & { queue?: { filesAhead: number; reading: boolean } };
  onDismiss: () => void;
}) {
  const failed = row.phase === "failed";
  return (
    <li className="flex items-start gap-3 px-1 py-3" data-testid="knowledge-upload" aria-label={row.fileName}>
      {failed ? (
        <AlertCircle className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
      ) : (
        <FileUp className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className="truncate text-sm font-medium text-slate-800">{row.fileName}</p>
          <span className="shrink-0 text-xs text-slate-500">{formatBytes(row.sizeBytes)}</span>
        </div>
        {row.phase === "uploading" && (
          <div className="mt-1.5 flex items-center gap-2">
            <div
              role="progressbar"
              aria-label={`Uploading ${row.fileName}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={row.percent}
              className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${row.percent}%` }} />
            </div>
            <span className="w-20 shrink-0 text-right text-xs tabular-nums text-slate-500">
              Uploading {row.percent}%
            </span>
          </div>
        )}
        {row.phase === "waiting" && <p className="mt-1 text-xs text-slate-500">Waiting to upload</p>}
        {row.phase === "processing" && (
          <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-500">
            <Loader2 className="size-3.5 animate-spin" aria-hidden /> {processingLabel(row.queue, row.fileName)}
          </p>
        )}
        {failed && <p className="mt-1 text-sm text-red-700">{row.error}</p>}
      </div>
      {failed && (
        <Button
          variant="ghost"
          size="icon"
          className="-my-1 size-8"
          onClick={onDismiss}
          aria-label={`Dismiss ${row.fileName}`}
        >
          <X aria-hidden />
        </Button>
      )}
    </li>
  );
}
