/**
 * Knowledge per agent: who may add, list, delete and re-index an agent's documents, and the
 * limits that bound them. A file is read (in a worker, off the event loop) before anything is
 * stored, so a bad file is refused with nothing half-written; its passages are written in short
 * batches while it is hidden from search (store), and the embeddings, when configured, come
 * afterwards in the background.
 */
import { errorBody } from "../../contracts/errors.js";
import {
  KNOWLEDGE_CHUNKS_PER_AGENT,
  KNOWLEDGE_DOCUMENTS_PER_AGENT,
  KNOWLEDGE_TITLE_MAX,
  type KnowledgeDocument,
  type KnowledgeText,
  type KnowledgeUploadProgress,
} from "../../contracts/knowledge.js";
import type { UserRow } from "../auth/user-view.js";
import type { FeatureDeps } from "../feature-deps.js";
import { apiError, HttpError, retryLater } from "../http/http-error.js";
import { lockCompanyOfUser } from "../companies/queries.js";
import { toKnowledgeDocument } from "./document-view.js";
import {
  extractInWorker,
  extractPoolOptionsFrom,
  extractProgressOf,
  ExtractQueueFullError,
} from "./extract/extract-pool.js";
import { KnowledgeFileError } from "./extract/knowledge-file-error.js";
import { refreshStaleKnowledgeStatistics } from "./planner-statistics.js";
import type { ExtractedDocument } from "./extract/extract-document.js";
import type { PassageRoom } from "./extract/extract-limits.js";
import {
  agentKnowledgeCounts,
  companyKnowledgeBytes,
  deleteDocumentOfAgent,
  findAgentOwner,
  findDocumentOfAgent,
  listDocumentsOfAgent,
} from "./queries.js";
import {
  appendFilePart,
  appendStoredChunks,
  discardAbandonedStoring,
  discardStoringDocument,
  documentFile,
  fileParts,
  finishStoring,
  insertStoringDocument,
  replaceChunks,
  STORING_LEASE_MS,
  storingBatches,
} from "./storing-queries.js";
import { isUuid } from "../http/ids.js";

export const AGENT_NOT_FOUND = "Agent not found";

const EXTRACTION_BUSY_RETRY_AFTER_SECONDS = 30;

export interface KnowledgeFile {
  bytes: Buffer;
  fileName: string | null;
  declaredType: string | null;
  /** A title the person typed; otherwise the document's own (PDF or HTML title) or the file name. */
  title: string | null;
  /** The client's id for this upload, to ask where it is in the queue (knowledgeUploadsOf). */
  uploadId?: string;
}

/** The agent, if the caller may manage it (its owner) or, with `read`, see it (also any admin). */
async function agentFor(deps: FeatureDeps, user: UserRow, agentId: string, access: "manage" | "read") {
  const agent = isUuid(agentId) ? await findAgentOwner(deps.db, agentId) : null;
  const allowed = agent && (agent.userId === user.id || (access === "read" && user.isAdmin));
  if (!agent || !allowed) throw apiError("AGENT_NOT_FOUND");
  return agent;
}

export async function listKnowledge(deps: FeatureDeps, user: UserRow, agentId: string): Promise<KnowledgeDocument[]> {
  const agent = await agentFor(deps, user, agentId, "read");
  return (await listDocumentsOfAgent(deps.db, agent.id)).map(toKnowledgeDocument);
}

export async function addKnowledgeFile(
  deps: FeatureDeps,
  user: UserRow,
  agentId: string,
  file: KnowledgeFile,
): Promise<KnowledgeDocument> {
  const agent = await agentFor(deps, user, agentId, "manage");
  const passages = await refuseWhenFull(deps, agent.id);
  const extracted = await extract(
    deps,
    user,
    { bytes: file.bytes, fileName: file.fileName, declaredType: file.declaredType, passages },
    file.uploadId,
  );
  const title = file.title?.trim() || extracted.suggestedTitle || titleFromFileName(file.fileName);
  return store(deps, user, agent.id, { ...file, title }, extracted);
}

export async function addKnowledgeText(
  deps: FeatureDeps,
  user: UserRow,
  agentId: string,
  input: KnowledgeText,
  uploadId?: string,
): Promise<KnowledgeDocument> {
  const agent = await agentFor(deps, user, agentId, "manage");
  const passages = await refuseWhenFull(deps, agent.id);
  const bytes = Buffer.from(input.text, "utf8");
  const extracted = await extract(
    deps,
    user,
    { bytes, fileName: null, declaredType: "text/plain", kind: "text", passages },
    uploadId,
  );
  return store(deps, user, agent.id, { bytes, fileName: null, declaredType: null, title: input.title }, extracted);
}

export async function deleteKnowledge(deps: FeatureDeps, user: UserRow, agentId: string, id: string): Promise<void> {
  const agent = await agentFor(deps, user, agentId, "manage");
  if (!isUuid(id) || !(await deleteDocumentOfAgent(deps.db, agent.id, id))) {
    throw apiError("DOCUMENT_NOT_FOUND");
  }
}

/** Reads the stored original again (after an extractor improved, or a failed embedding) and replaces the chunks. */
export async function reindexKnowledge(
  deps: FeatureDeps,
  user: UserRow,
  agentId: string,
  id: string,
): Promise<KnowledgeDocument> {
  const agent = await agentFor(deps, user, agentId, "manage");
  const document = isUuid(id) ? await findDocumentOfAgent(deps.db, agent.id, id) : null;
  if (!document) throw apiError("DOCUMENT_NOT_FOUND");
  const extracted = await extract(deps, user, {
    bytes: await documentFile(deps.db, document.id),
    fileName: document.fileName,
    declaredType: null,
    kind: document.kind === "text" ? "text" : undefined,
  });
  const row = await deps.db.transaction(async (tx) => {
    const counts = await agentKnowledgeCounts(tx, agent.id);
    if (counts.chunks - document.chunkCount + extracted.chunks.length > KNOWLEDGE_CHUNKS_PER_AGENT) {
      throw apiError("TOO_MANY_PASSAGES", { limit: KNOWLEDGE_CHUNKS_PER_AGENT });
    }
    return replaceChunks(tx, document, extracted.chunks, {
      status: deps.embeddings ? "processing" : "ready",
      chunkCount: extracted.chunks.length,
      embeddingModel: null,
      updatedAt: deps.clock.now(),
    });
  });
  if (deps.embeddings) deps.knowledgeIngestion.wake();
  return toKnowledgeDocument(row);
}

/** The caller's files being read or waiting, for the upload rows' "Waiting: 2 files ahead". */
export function knowledgeUploadsOf(user: UserRow): KnowledgeUploadProgress[] {
  return extractProgressOf(user.id);
}

/**
 * The agent's limits checked before the file is read (reading a large one takes seconds): an
 * agent already at its documents or passages is refused at once. store() checks again with the
 * new passages counted, for the file that would take it past the limit.
 */
async function refuseWhenFull(deps: FeatureDeps, agentId: string): Promise<PassageRoom> {
  const counts = await agentKnowledgeCounts(deps.db, agentId);
  if (counts.documents >= KNOWLEDGE_DOCUMENTS_PER_AGENT) {
    throw apiError("TOO_MANY_DOCUMENTS", { limit: KNOWLEDGE_DOCUMENTS_PER_AGENT });
  }
  if (counts.chunks >= KNOWLEDGE_CHUNKS_PER_AGENT)
    throw apiError("TOO_MANY_PASSAGES", { limit: KNOWLEDGE_CHUNKS_PER_AGENT });
  // The room as it is now: the reader refuses a file past it early; store() checks again at commit.
  return { room: KNOWLEDGE_CHUNKS_PER_AGENT - counts.chunks, limit: KNOWLEDGE_CHUNKS_PER_AGENT };
}

async function extract(
  deps: FeatureDeps,
  user: UserRow,
  input: Parameters<typeof extractInWorker>[0],
  uploadId?: string,
): Promise<ExtractedDocument> {
  try {
    const owner = { companyId: user.companyId, userId: user.id, uploadId };
    return await extractInWorker(input, extractPoolOptionsFrom(deps.config), owner);
  } catch (error) {
    if (error instanceof KnowledgeFileError && error.passageLimit !== undefined)
      throw apiError("TOO_MANY_PASSAGES", { limit: error.passageLimit });
    if (error instanceof KnowledgeFileError)
      throw new HttpError(error.status, errorBody("FILE_REFUSED", { message: error.message }));
    if (error instanceof ExtractQueueFullError) {
      throw retryLater(EXTRACTION_BUSY_RETRY_AFTER_SECONDS, "EXTRACTION_BUSY");
    }
    throw error;
  }
}

/**
 * Stores a read document in three steps, none of which holds anything for long (issue 21: no
 * chat may wait on an upload): the document's row with its limits checked under the company's
 * lock (one short transaction; the lock is taken last, after the row's write, so two uploads
 * still cannot both take the last room), then its file in parts and its passages in short
 * batches, each a statement of its own (on PGlite's one connection a chat waits for one at
 * most), then the switch that makes it searchable. Until then it is "storing": hidden from search, listed
 * as processing. A failure on the way discards it; one whose server died is discarded by the
 * next upload to the agent, or at the next start, once its lease has run out.
 */
async function store(
  deps: FeatureDeps,
  user: UserRow,
  agentId: string,
  file: KnowledgeFile & { title: string },
  extracted: ExtractedDocument,
): Promise<KnowledgeDocument> {
  const now = deps.clock.now();
  await discardAbandonedStoring(deps.db, new Date(now.getTime() - STORING_LEASE_MS), agentId);
  const { document, agentPassages } = await deps.db.transaction(async (tx) => {
    const stored = await insertStoringDocument(tx, {
      agentId,
      userId: user.id,
      title: file.title.slice(0, KNOWLEDGE_TITLE_MAX),
      kind: extracted.kind,
      fileName: file.fileName,
      sizeBytes: file.bytes.length,
      chunkCount: extracted.chunks.length,
      createdAt: now,
      updatedAt: now,
    });
    const company = await lockCompanyOfUser(tx, user.id);
    if (!company) throw new Error(`user ${user.id} has no company`);
    // These counts include the document just stored, and any other upload still storing.
    const counts = await agentKnowledgeCounts(tx, agentId);
    if (counts.documents > KNOWLEDGE_DOCUMENTS_PER_AGENT) {
      throw apiError("TOO_MANY_DOCUMENTS", { limit: KNOWLEDGE_DOCUMENTS_PER_AGENT });
    }
    if (counts.chunks > KNOWLEDGE_CHUNKS_PER_AGENT) {
      throw apiError("TOO_MANY_PASSAGES", { limit: KNOWLEDGE_CHUNKS_PER_AGENT });
    }
    if (company.knowledgeMegabytes !== null) {
      const used = await companyKnowledgeBytes(tx, company.id);
      if (used > company.knowledgeMegabytes * 1024 * 1024) {
        throw apiError("STORAGE_FULL", { limitMegabytes: company.knowledgeMegabytes });
      }
    }
    return { document: stored, agentPassages: counts.chunks };
  });
  // PGlite runs each statement on this thread, and the next write would be queued from the last
  // one's continuation: without a turn of the event loop between them no request (another
  // person's chat) is even read until the whole document is stored.
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  try {
    for (const [part, bytes] of fileParts(file.bytes).entries()) {
      await nextTurn();
      if (!(await appendFilePart(deps.db, document, part, bytes, deps.clock.now())))
        throw apiError("DOCUMENT_NOT_FOUND");
    }
    for (const batch of storingBatches(extracted.chunks)) {
      await nextTurn();
      if (!(await appendStoredChunks(deps.db, document, batch, deps.clock.now()))) throw apiError("DOCUMENT_NOT_FOUND");
    }
    const finished = await finishStoring(deps.db, document, {
      status: deps.embeddings ? "processing" : "ready",
      now: deps.clock.now(),
    });
    if (!finished) throw apiError("DOCUMENT_NOT_FOUND");
    // Before the answer: the first question after a large upload is asked with fresh statistics.
    await refreshStaleKnowledgeStatistics(deps.db, agentId, agentPassages);
    if (deps.embeddings) deps.knowledgeIngestion.wake();
    return toKnowledgeDocument(finished);
  } catch (error) {
    // The upload's own error is the one to report; a document this cannot discard (the database
    // went away) is discarded once its lease has run out.
    await discardStoringDocument(deps.db, document).catch(() => undefined);
    throw error;
  }
}

function titleFromFileName(fileName: string | null): string {
  const base = (fileName ?? "")
    .replace(/^.*[\\/]/, "")
    .replace(/\.[^.]+$/, "")
    .trim();
  return base || "Untitled document";
}
