/**
 * The uploads of one agent's knowledge panel: several files at once, each sent on its own, its
 * row following the upload queue (upload-queue.ts). A stored file joins the cached document
 * list at once; a refused one keeps the server's message on its row. While the server reads a
 * file, its row says where it is in the server's queue ("Waiting: 2 files ahead"). Leaving the page while a
 * file is still on its way asks first, since the upload would be lost.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useReducer, useRef } from "react";
import type { KnowledgeDocument } from "../../../contracts/knowledge";
import { handledAsSignedOut, knowledgeFailureMessage } from "./knowledge-errors";
import { refusalBeforeUpload } from "./knowledge-format";
import { knowledgeKeys, knowledgeUploadsQuery, putDocument } from "./knowledge-queries";
import { isInFlight, newUploadRow, uploadQueueReducer } from "./upload-queue";
import { uploadKnowledgeFile } from "./upload-knowledge-file";

export function useKnowledgeUploads(
  agentId: string,
  announce: (message: string) => void,
  onStored?: (doc: KnowledgeDocument) => void,
) {
  const queryClient = useQueryClient();
  const [rows, dispatch] = useReducer(uploadQueueReducer, []);
  const inFlight = rows.some(isInFlight);
  const progress = useQuery(knowledgeUploadsQuery(rows.some((row) => row.phase === "processing"))).data;
  // The latest callbacks, so an upload that started before a re-render reports to the current ones.
  const callbacks = useRef({ announce, onStored });
  callbacks.current = { announce, onStored };

  useEffect(() => {
    if (!inFlight) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [inFlight]);

  async function send(key: string, file: File) {
    try {
      const doc = await uploadKnowledgeFile(agentId, file, key, {
        onProgress: (percent) => dispatch({ type: "progress", key, percent }),
        onSent: () => {
          dispatch({ type: "sent", key });
          callbacks.current.announce(`${file.name} uploaded, processing`);
        },
      });
      putDocument(queryClient, agentId, doc);
      dispatch({ type: "stored", key });
      callbacks.current.onStored?.(doc);
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.list(agentId) });
    } catch (error) {
      if (handledAsSignedOut(queryClient, error)) return;
      const message = knowledgeFailureMessage(error, "The file could not be added. Try again.");
      dispatch({ type: "failed", key, message });
      callbacks.current.announce(`${file.name} failed: ${message}`);
    }
  }

  function addFiles(files: Iterable<File>) {
    const batch = [...files].map((file) => ({ file, key: crypto.randomUUID(), refusal: refusalBeforeUpload(file) }));
    if (batch.length === 0) return;
    dispatch({ type: "added", rows: batch.map(({ key, file, refusal }) => newUploadRow(key, file, refusal)) });
    for (const { key, file, refusal } of batch) {
      if (refusal) callbacks.current.announce(`${file.name} failed: ${refusal}`);
      else void send(key, file);
    }
  }

  const rowsWithQueue = rows.map((row) => ({
    ...row,
    queue: row.phase === "processing" ? progress?.find((entry) => entry.uploadId === row.key) : undefined,
  }));
  return { rows: rowsWithQueue, addFiles, dismiss: (key: string) => dispatch({ type: "dismissed", key }) };
}
