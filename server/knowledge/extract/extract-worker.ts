/**
 * Worker thread that reads uploads: detection, extraction and chunking (extract-document.ts)
 * run here so a 20 MB PDF never blocks the server's event loop, and a file that makes a parser
 * run away costs this thread (which the pool terminates or replaces), not the server.
 */
import { parentPort } from "node:worker_threads";
import type { ChunkOptions } from "./chunk.js";
import { extractDocument, type ExtractedDocument, type ExtractInput } from "./extract-document.js";
import type { ExtractLimits } from "./extract-limits.js";
import { isKnowledgeFileError, type KnowledgeFileErrorStatus } from "./knowledge-file-error.js";

export interface ExtractJob {
  id: number;
  input: ExtractInput;
  chunking: Omit<ChunkOptions, "countTokens">;
  limits: ExtractLimits;
}

export type ExtractWorkerMessage =
  | { type: "ready" }
  | { type: "done"; id: number; document: ExtractedDocument }
  | { type: "refused"; id: number; status: KnowledgeFileErrorStatus; message: string; passageLimit?: number }
  /** Not the file's fault as far as we know: a parser threw something unexpected. */
  | { type: "failed"; id: number; message: string };

function post(message: ExtractWorkerMessage): void {
  parentPort?.postMessage(message);
}

/** Called by the pool's bootstrap once tsx has loaded this module. */
export function serveJobs(): void {
  const port = parentPort;
  if (!port) throw new Error("extract-worker.ts must run as a worker thread");
  port.on("message", (job: ExtractJob) => {
    extractDocument(job.input, job.chunking, job.limits).then(
      (document) => post({ type: "done", id: job.id, document }),
      (error: unknown) => {
        if (isKnowledgeFileError(error))
          post({
            type: "refused",
            id: job.id,
            status: error.status,
            message: error.message,
            passageLimit: error.passageLimit,
          });
        else
          post({
            type: "failed",
            id: job.id,
            message: error instanceof Error ? (error.stack ?? error.message) : String(error),
          });
      },
    );
  });
  post({ type: "ready" });
}
