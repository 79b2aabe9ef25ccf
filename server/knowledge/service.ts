/**
 * Knowledge per agent: who may add, list, delete and re-index an agent's documents, and the
 * limits that bound them. A file is read (in a worker, off the event loop) before anything is
 * stored, so a bad file is refused with nothing half-written; its chunks are written with it in
 * one transaction, and the embeddings, when configured, come afterwards in the background.
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
import type { ExtractedDocument } from "./extract/extract-document.js";
import type { PassageRoom } from "./extract/extract-limits.js";
import {
  agentKnowledgeCounts,
  companyKnowledgeBytes,
  deleteDocumentOfAgent,
  findAgentOwner,
  findDocumentOfAgent,
  insertDocument,
  listDocumentsOfAgent,
  replaceChunks,
} from "./queries.js";

export const AGENT_NOT_FOUND = "Agent not found";

const EXTRACTION_BUSY_RETRY_AFTER_SECONDS = 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const agent = UUID.test(agentId) ? await findAgentOwner(deps.db, agentId) : null;
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
  if (!UUID.test(id) || !(await deleteDocumentOfAgent(deps.db, agent.id, id))) {
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
  const document = UUID.test(id) ? await findDocumentOfAgent(deps.db, agent.id, id) : null;
  if (!document) throw apiError("DOCUMENT_NOT_FOUND");
  const extracted = await extract(deps, user, {
    bytes: document.content,
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

async function store(
  deps: FeatureDeps,
  user: UserRow,
  agentId: string,
  file: KnowledgeFile & { title: string },
  extracted: ExtractedDocument,
): Promise<KnowledgeDocument> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    // The passages go in first, without the company's row lock: a chat's write waits on that
    // lock, and storing thousands of passages takes seconds. The lock is taken last, held only
    // from the limits' check to the commit, so two uploads still cannot both take the last room
    // (the second's check runs after the first committed, and counts its rows).
    const stored = await insertDocument(
      tx,
      {
        agentId,
        userId: user.id,
        title: file.title.slice(0, KNOWLEDGE_TITLE_MAX),
        kind: extracted.kind,
        fileName: file.fileName,
        sizeBytes: file.bytes.length,
        content: file.bytes,
        status: deps.embeddings ? "processing" : "ready",
        chunkCount: extracted.chunks.length,
        createdAt: now,
        updatedAt: now,
      },
      extracted.chunks,
    );
    const company = await lockCompanyOfUser(tx, user.id);
    if (!company) throw new Error(`user ${user.id} has no company`);
    // These counts include the document just stored.
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
    return stored;
  });
  if (deps.embeddings) deps.knowledgeIngestion.wake();
  return toKnowledgeDocument(row);
}

function titleFromFileName(fileName: string | null): string {
  const base = (fileName ?? "")
    .replace(/^.*[\\/]/, "")
    .replace(/\.[^.]+$/, "")
    .trim();
  return base || "Untitled document";
}
