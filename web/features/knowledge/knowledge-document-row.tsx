/** One stored document: what it is, its status, and re-index / delete (delete asks first). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FileText, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import type { KnowledgeDocument } from "../../../contracts/knowledge";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { toast } from "../../lib/toast-store";
import { handledAsSignedOut, knowledgeFailureMessage } from "./knowledge-errors";
import { addedOn, formatBytes, kindLabel } from "./knowledge-format";
import { deleteDocumentMutation, reindexMutation } from "./knowledge-queries";
import { KnowledgeStatusBadge } from "./knowledge-status-badge";

export function KnowledgeDocumentRow({
  agentId,
  doc,
  announce,
}: {
  agentId: string;
  doc: KnowledgeDocument;
  announce: (text: string) => void;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const onError = (fallback: string) => (error: Error) => {
    if (handledAsSignedOut(queryClient, error)) return;
    toast({ title: "Error", description: knowledgeFailureMessage(error, fallback), variant: "destructive" });
  };
  const reindex = useMutation({
    ...reindexMutation(queryClient, agentId),
    onError: onError("The document could not be re-indexed"),
  });
  const remove = useMutation({
    ...deleteDocumentMutation(queryClient, agentId),
    onError: onError("The document could not be deleted"),
  });
  const busy = reindex.isPending || remove.isPending;

  return (
    <li className="flex items-start gap-3 px-1 py-3" data-testid="knowledge-document" aria-label={doc.title}>
      <FileText className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="min-w-0 max-w-full truncate text-sm font-medium text-slate-800" title={doc.title}>
            {doc.title}
          </p>
          <KnowledgeStatusBadge doc={doc} />
        </div>
        <p className="mt-0.5 text-xs text-slate-500">
          {kindLabel(doc.kind)} · {formatBytes(doc.sizeBytes)} · added {addedOn(doc.createdAt)}
        </p>
        {doc.status === "failed" && doc.error && <p className="mt-1 text-sm text-red-700">{doc.error}</p>}
      </div>
      <div className="-my-1 flex shrink-0">
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          disabled={busy || doc.status === "processing"}
          aria-label={`Re-index ${doc.title}`}
          title="Re-index"
          onClick={() =>
            reindex.mutate(doc.id, { onSuccess: (updated) => announce(`${updated.title} is being re-indexed`) })
          }
        >
          <RefreshCw className={reindex.isPending ? "animate-spin" : undefined} aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          disabled={busy}
          aria-label={`Delete ${doc.title}`}
          title="Delete"
          onClick={() => setConfirming(true)}
        >
          <Trash2 className="text-red-600" aria-hidden />
        </Button>
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent
          title={`Delete ${doc.title}?`}
          description="The agent stops answering from it. Past replies keep their citations."
        >
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(doc.id, {
                  onSuccess: () => announce(`${doc.title} deleted`),
                  onSettled: () => setConfirming(false),
                })
              }
            >
              {remove.isPending ? "Deleting..." : "Delete"}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </li>
  );
}
