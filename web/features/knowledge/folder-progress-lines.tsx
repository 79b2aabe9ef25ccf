/**
 * One line per folder added on this visit: what was skipped and why, then how far its files are
 * on their way to ready. Polite live regions: they change as files finish, never interrupting.
 */
import { CheckCircle2, FolderUp } from "lucide-react";
import type { KnowledgeDocument } from "../../../contracts/knowledge";
import { folderProgress, folderProgressLine, type FolderFileOutcome } from "./folder-files";
import type { FolderBatch } from "./use-knowledge-uploads";

export function FolderProgressLines({
  folders,
  outcomes,
  documents,
}: {
  folders: FolderBatch[];
  outcomes: ReadonlyMap<string, FolderFileOutcome>;
  documents: readonly KnowledgeDocument[];
}) {
  return folders.map((folder) => {
    const progress = folderProgress(folder.keys, outcomes, documents);
    const done = progress.toGo === 0;
    return (
      <div key={folder.id} className="space-y-1" data-testid="knowledge-folder">
        {folder.skipped && (
          <p role="status" aria-live="polite" className="text-sm text-slate-600">
            {folder.skipped}
          </p>
        )}
        {progress.total > 0 && (
          <p role="status" aria-live="polite" className="flex items-start gap-2 text-sm font-medium text-slate-800">
            {done ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden />
            ) : (
              <FolderUp className="mt-0.5 size-4 shrink-0 text-primary-ink" aria-hidden />
            )}
            <span className="min-w-0">{folderProgressLine(folder.name, progress)}</span>
          </p>
        )}
      </div>
    );
  });
}
