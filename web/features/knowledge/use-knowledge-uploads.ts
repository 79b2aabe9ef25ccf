/**
 * The uploads of one agent's knowledge panel: several files at once, each sent on its own, its
 * row following the upload queue (upload-queue.ts). A stored file joins the cached document
 * list at once; a refused one keeps the server's message on its row. While the server reads a
 * file, its row says where it is in the server's queue ("Waiting: 2 files ahead"). Leaving the page while a
 * file is still on its way asks first, since the upload would be lost.
 *
 * Only KNOWLEDGE_UPLOADS_PER_USER_DEFAULT files are sent at once (the server refuses more with
 * 429); the rest wait their turn, so a folder of 300 pages goes in without a refusal. A folder
 * is also followed as a whole (folder-files.ts): one line for all its files on their way to ready.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useReducer, useRef, useState } from "react";
import type { KnowledgeDocument } from "../../../contracts/knowledge";
import { KNOWLEDGE_UPLOADS_PER_USER_DEFAULT } from "../../../contracts/limits";
import { ApiError } from "../../lib/api";
import { skippedLine, sortFolderFiles, type FolderFile, type FolderFileOutcome } from "./folder-files";
import { handledAsSignedOut, knowledgeFailureMessage } from "./knowledge-errors";
import { refusalBeforeUpload } from "./knowledge-format";
import { knowledgeKeys, knowledgeUploadsQuery, putDocument } from "./knowledge-queries";
import { isInFlight, newUploadRow, uploadQueueReducer } from "./upload-queue";
import { uploadKnowledgeFile } from "./upload-knowledge-file";

/** Sent at once; the server's own cap per person (a deployment may raise it, never needed lower). */
const SENDING_AT_ONCE = KNOWLEDGE_UPLOADS_PER_USER_DEFAULT;
/** After a 429 (another tab is uploading too): about the time one file takes to read. */
const RETRY_AFTER_MS = 5000;

/** A folder added at once: its files' keys, followed to ready. */
export interface FolderBatch {
  id: string;
  name: string;
  keys: string[];
  skipped: string | null;
}

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
  const [folders, setFolders] = useState<FolderBatch[]>([]);
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, FolderFileOutcome>>(new Map());
  const settle = (key: string, outcome: FolderFileOutcome) => setOutcomes((map) => new Map(map).set(key, outcome));
  const waiting = useRef<{ key: string; file: File }[]>([]);
  const sending = useRef(0);

  useEffect(() => {
    if (!inFlight) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [inFlight]);

  function sendNext() {
    while (sending.current < SENDING_AT_ONCE) {
      const next = waiting.current.shift();
      if (!next) return;
      sending.current += 1;
      void send(next.key, next.file).finally(() => {
        sending.current -= 1;
        sendNext();
      });
    }
  }

  async function send(key: string, file: File) {
    dispatch({ type: "started", key });
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
      settle(key, { documentId: doc.id });
      callbacks.current.onStored?.(doc);
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.list(agentId) });
    } catch (error) {
      if (handledAsSignedOut(queryClient, error)) return;
      if (error instanceof ApiError && error.status === 429) {
        dispatch({ type: "waiting", key });
        setTimeout(() => {
          waiting.current.unshift({ key, file });
          sendNext();
        }, RETRY_AFTER_MS);
        return;
      }
      settle(key, "failed");
      const message = knowledgeFailureMessage(error, "The file could not be added. Try again.");
      dispatch({ type: "failed", key, message });
      callbacks.current.announce(`${file.name} failed: ${message}`);
    }
  }

  function addFiles(files: Iterable<File>): string[] {
    const batch = [...files].map((file) => ({ file, key: crypto.randomUUID(), refusal: refusalBeforeUpload(file) }));
    if (batch.length === 0) return [];
    dispatch({ type: "added", rows: batch.map(({ key, file, refusal }) => newUploadRow(key, file, refusal)) });
    for (const { key, file, refusal } of batch) {
      if (refusal) {
        settle(key, "failed");
        callbacks.current.announce(`${file.name} failed: ${refusal}`);
      } else waiting.current.push({ key, file });
    }
    sendNext();
    return batch.map(({ key }) => key);
  }

  /** A folder: only the files the agent can read are queued; the rest are counted in one line. */
  function addFolder(found: FolderFile[]) {
    const folder = sortFolderFiles(found);
    const keys = addFiles(folder.accepted);
    const skipped = skippedLine(folder);
    if (keys.length === 0 && !skipped) return;
    setFolders((list) => [...list, { id: crypto.randomUUID(), name: folder.name, keys, skipped }]);
  }

  const rowsWithQueue = rows.map((row) => ({
    ...row,
    queue: row.phase === "processing" ? progress?.find((entry) => entry.uploadId === row.key) : undefined,
  }));
  return {
    rows: rowsWithQueue,
    folders,
    outcomes,
    addFiles: (files: Iterable<File>) => void addFiles(files),
    addFolder,
    dismiss: (key: string) => dispatch({ type: "dismissed", key }),
  };
}
