/**
 * The agent page's Knowledge card: files and pasted text the agent answers from, with the
 * uploads in flight above the stored documents (newest first), so a finished upload's document
 * appears where its row was. The list is polled only while a document is processing.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { BookOpen } from "lucide-react";
import { KNOWLEDGE_DOCUMENTS_PER_AGENT, type KnowledgeDocument } from "../../../contracts/knowledge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { knowledgeFailureMessage } from "./knowledge-errors";
import { passagesLabel } from "./knowledge-format";
import { knowledgeListQuery } from "./knowledge-queries";
import { KnowledgeDocumentRow } from "./knowledge-document-row";
import { KnowledgeDropZone } from "./knowledge-drop-zone";
import { FolderProgressLines } from "./folder-progress-lines";
import { KnowledgeUploadRow } from "./knowledge-upload-row";
import { takeHeldFiles } from "./files-for-new-agent";
import { PasteTextDialog } from "./paste-text-dialog";
import { useAnnouncements } from "./use-announcements";
import { useKnowledgeUploads } from "./use-knowledge-uploads";
import { useStatusAnnouncements } from "./use-status-announcements";

function announceStored(announce: (text: string) => void, doc: KnowledgeDocument) {
  announce(
    doc.status === "ready" ? `${doc.title} is ready: ${passagesLabel(doc.chunks)}` : `${doc.title} is processing`,
  );
}

export function KnowledgePanel({ agentId }: { agentId: string }) {
  const list = useQuery(knowledgeListQuery(agentId));
  const { announcements, announce } = useAnnouncements();
  // A stored upload that still processes was announced as sent; the poll announces it ready.
  const uploads = useKnowledgeUploads(
    agentId,
    announce,
    (doc) => doc.status === "ready" && announceStored(announce, doc),
  );
  useStatusAnnouncements(list.data, announce);
  // Files chosen in the create form before this agent existed start uploading as the page opens.
  const { addFiles } = uploads;
  useEffect(() => {
    const held = takeHeldFiles(agentId);
    if (held.length > 0) addFiles(held);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per agent page, not per render
  }, [agentId]);
  const documents = list.data ?? [];
  const empty = documents.length === 0 && uploads.rows.length === 0;

  return (
    <Card id="knowledge" role="region" aria-labelledby="knowledge-heading">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-60">
          <CardTitle id="knowledge-heading" className="flex items-center gap-2">
            <BookOpen className="size-4 text-primary-ink" aria-hidden /> Knowledge
          </CardTitle>
          <CardDescription className="mt-1">
            Files your agent answers from, citing the passage it used.
            {documents.length > 0 && ` ${documents.length} of ${KNOWLEDGE_DOCUMENTS_PER_AGENT} documents.`}
          </CardDescription>
        </div>
        <PasteTextDialog agentId={agentId} onAdded={(doc) => announceStored(announce, doc)} />
      </CardHeader>
      <CardContent className="space-y-3">
        <KnowledgeDropZone onFiles={uploads.addFiles} onFolder={uploads.addFolder} />
        <FolderProgressLines folders={uploads.folders} outcomes={uploads.outcomes} documents={documents} />
        <div role="status" aria-live="polite" className="sr-only">
          {announcements.map((a) => (
            <p key={a.id}>{a.text}</p>
          ))}
        </div>
        {list.isLoading ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading knowledge" />
          </div>
        ) : list.error ? (
          <p role="alert" className="text-sm text-red-600">
            Could not load the knowledge: {knowledgeFailureMessage(list.error, "try reloading the page")}
          </p>
        ) : empty ? (
          <p className="py-2 text-center text-sm text-slate-500">
            Add files your agent should answer from — product manuals, price lists, policies, FAQs. It will quote them
            in its replies and show which passage it used.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Knowledge documents">
            {uploads.rows.map((row) => (
              <KnowledgeUploadRow key={row.key} row={row} onDismiss={() => uploads.dismiss(row.key)} />
            ))}
            {documents.map((doc) => (
              <KnowledgeDocumentRow key={doc.id} agentId={agentId} doc={doc} announce={announce} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
