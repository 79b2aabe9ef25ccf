/**
 * Knowledge per agent: who may add, list, delete and re-index an agent's documents, and the
 * limits that bound them. A file is read (in a worker, off the event loop) before anything is
 * stored, so a bad file is refused with nothing half-written; its chunks are written with it in
 * one transaction, and the embeddings, when configured, come afterwards in the background.
 */
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
import { HttpError } from "../http/http-error.js";
import { lockCompanyOfUser } from "../usage/company-queries.js";
import { toKnowledgeDocument } from "./document-view.js";
import {
  extractInWorker,
  extractPoolOptionsFrom,
  extractProgressOf,
  ExtractQueueFullError,
} from "./extract/extract-pool.js";
import { KnowledgeFileError } from "./extract/knowledge-file-error.js";
import type { ExtractedDocument } from "./extract/extract-document.js";
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
export const DOCUMENT_NOT_FOUND = "Document not found";
export const tooManyDocuments = (limit: number) =>
  `This agent already holds ${limit} documents. Delete one to add another.`;
export const tooManyChunks = (limit: number) =>
  `This would give the agent more than ${limit.toLocaleString("en-US")} passages of knowledge. Delete a document or upload a shorter one.`;
export const storageFull = (limitMb: number) =>
  `Your company's knowledge storage (${limitMb.toLocaleString("en-US")} MB) is full. Delete documents or ask an administrator for more.`;

export const EXTRACTION_BUSY = "The server is reading many files right now. Try again in a minute.";
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
  if (!agent || !allowed) throw new HttpError(404, AGENT_NOT_FOUND);
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
  const extracted = await extract(
    deps,
    user,
    { bytes: file.bytes, fileName: file.fileName, declaredType: file.declaredType },
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
  const bytes = Buffer.from(input.text, "utf8");
  const extracted = await extract(
    deps,
    user,
    { bytes, fileName: null, declaredType: "text/plain", kind: "text" },
    uploadId,
  );
  return store(deps, user, agent.id, { bytes, fileName: null, declaredType: null, title: input.title }, extracted);
}

export async function deleteKnowledge(deps: FeatureDeps, user: UserRow, agentId: string, id: string): Promise<void> {
  const agent = await agentFor(deps, user, agentId, "manage");
  if (!UUID.test(id) || !(await deleteDocumentOfAgent(deps.db, agent.id, id))) {
    throw new HttpError(404, DOCUMENT_NOT_FOUND);
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
  if (!document) throw new HttpError(404, DOCUMENT_NOT_FOUND);
  const extracted = await extract(deps, user, {
    bytes: document.content,
    fileName: document.fileName,
    declaredType: null,
    kind: document.kind === "text" ? "text" : undefined,
  });
  const row = await deps.db.transaction(async (tx) => {
    const counts = await agentKnowledgeCounts(tx, agent.id);
    if (counts.chunks - document.chunkCount + extracted.chunks.length > KNOWLEDGE_CHUNKS_PER_AGENT) {
      throw new HttpError(413, tooManyChunks(KNOWLEDGE_CHUNKS_PER_AGENT));
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
    if (error instanceof KnowledgeFileError) throw new HttpError(error.status, error.message);
    if (error instanceof ExtractQueueFullError) {
      throw new HttpError(503, EXTRACTION_BUSY, { "retry-after": String(EXTRACTION_BUSY_RETRY_AFTER_SECONDS) });
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
    // The company's row lock makes its uploads take turns, so two cannot both take the last room.
    const company = await lockCompanyOfUser(tx, user.id);
    if (!company) throw new Error(`user ${user.id} has no company`);
    const counts = await agentKnowledgeCounts(tx, agentId);
    if (counts.documents >= KNOWLEDGE_DOCUMENTS_PER_AGENT) {
      throw new HttpError(400, tooManyDocuments(KNOWLEDGE_DOCUMENTS_PER_AGENT));
    }
    if (counts.chunks + extracted.chunks.length > KNOWLEDGE_CHUNKS_PER_AGENT) {
      throw new HttpError(413, tooManyChunks(KNOWLEDGE_CHUNKS_PER_AGENT));
    }
    if (company.knowledgeMegabytes !== null) {
      const used = await companyKnowledgeBytes(tx, company.id);
      if (used + file.bytes.length > company.knowledgeMegabytes * 1024 * 1024) {
        throw new HttpError(413, storageFull(company.knowledgeMegabytes));
      }
    }
    return insertDocument(
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
