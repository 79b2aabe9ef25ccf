/**
 * Says when a document the list was showing as processing becomes ready or fails — the change
 * arrives by polling, with nothing on screen moving the focus, so it needs saying.
 */
import { useEffect, useRef } from "react";
import type { KnowledgeDocument, KnowledgeStatus } from "../../../contracts/knowledge";
import { passagesLabel } from "./knowledge-format";

export function useStatusAnnouncements(documents: KnowledgeDocument[] | undefined, announce: (text: string) => void) {
  const seen = useRef(new Map<string, KnowledgeStatus>());
  useEffect(() => {
    if (!documents) return;
    const before = seen.current;
    for (const doc of documents) {
      if (before.get(doc.id) !== "processing" || doc.status === "processing") continue;
      announce(
        doc.status === "ready"
          ? `${doc.title} is ready: ${passagesLabel(doc.chunks)}`
          : `${doc.title} failed: ${doc.error ?? "it could not be processed"}`,
      );
    }
    seen.current = new Map(documents.map((doc) => [doc.id, doc.status]));
  }, [documents, announce]);
}
