/**
 * Sends one file to POST /api/agents/{id}/knowledge as multipart field `file`. XMLHttpRequest,
 * not fetch: only XHR reports upload progress. Refusals become ApiError like every other call,
 * so the server's `{ message }` reaches the file's row.
 */
import { KNOWLEDGE_UPLOAD_ID_HEADER, type KnowledgeDocument } from "../../../contracts/knowledge";
import { ApiError } from "../../lib/api";
import { knowledgeUploadUrl } from "./knowledge-queries";

export interface UploadCallbacks {
  /** 0–100, as the bytes leave the browser. */
  onProgress(percent: number): void;
  /** Every byte is sent; the server is now reading the file. */
  onSent(): void;
}

export function uploadKnowledgeFile(
  agentId: string,
  file: File,
  /** A UUID naming this upload, to ask the server where it is in the queue. */
  uploadId: string,
  callbacks: UploadCallbacks,
  signal?: AbortSignal,
): Promise<KnowledgeDocument> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", knowledgeUploadUrl(agentId));
    xhr.withCredentials = true;
    xhr.setRequestHeader(KNOWLEDGE_UPLOAD_ID_HEADER, uploadId);
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        callbacks.onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.upload.onload = () => callbacks.onSent();
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as KnowledgeDocument);
        } catch {
          reject(new ApiError(502, "", "The server's answer could not be read"));
        }
        return;
      }
      reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    };
    const networkFailure = () =>
      reject(
        new ApiError(
          0,
          JSON.stringify({ message: "The upload did not reach the server. Check your connection and try again." }),
          "Network error",
        ),
      );
    xhr.onerror = networkFailure;
    xhr.ontimeout = networkFailure;
    xhr.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}
