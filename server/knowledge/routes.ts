/**
 * /api/agents/{id}/knowledge… (issue 13): add (a multipart file, or JSON pasted text), list,
 * delete and re-index an agent's documents. Multipart is parsed only here (an encapsulated
 * plugin), with the file size limit applied while the upload streams in.
 */
import { SIGNED_IN } from "../http/route-access.js";
import { errorBody } from "../../contracts/errors.js";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  cleanKnowledgeFileName,
  KNOWLEDGE_FILE_MAX_BYTES,
  KNOWLEDGE_TEXT_MAX_CHARS,
  KNOWLEDGE_UPLOAD_ID_HEADER,
  KnowledgeDocumentSchema,
  KnowledgeTextSchema,
  KnowledgeUploadProgressSchema,
} from "../../contracts/knowledge.js";
import { cleanInput, cleanText } from "../../contracts/text-input.js";
import { signedInUser } from "../auth/guards.js";
import type { FeatureDeps } from "../feature-deps.js";
import { apiError } from "../http/http-error.js";
import { NO_CONTENT } from "../http/openapi.js";
import {
  addKnowledgeFile,
  addKnowledgeText,
  AGENT_NOT_FOUND,
  deleteKnowledge,
  knowledgeUploadsOf,
  listKnowledge,
  reindexKnowledge,
  type KnowledgeFile,
} from "./service.js";
import { createUploadAdmission } from "./upload-admission.js";

const AgentParams = z.object({ id: z.uuid({ error: AGENT_NOT_FOUND }) });
const DocumentParams = AgentParams.extend({ docId: z.uuid({ error: errorBody("DOCUMENT_NOT_FOUND").message }) });

/** Pasted text is UTF-8 up to 4 bytes a character, plus the JSON around it. */
const TEXT_BODY_LIMIT_BYTES = KNOWLEDGE_TEXT_MAX_CHARS * 4 + 64 * 1024;

/** The client's id for the upload, when it sent a well-formed one. */
function uploadIdOf(request: FastifyRequest): string | undefined {
  const value = request.headers[KNOWLEDGE_UPLOAD_ID_HEADER];
  return typeof value === "string" && z.uuid().safeParse(value).success ? value : undefined;
}

export async function registerKnowledgeRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const admission = createUploadAdmission(deps.config.KNOWLEDGE_UPLOADS_PER_USER);
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: KNOWLEDGE_FILE_MAX_BYTES, files: 1, fields: 4, fieldSize: 4096, parts: 6 },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/api/agents/:id/knowledge",
      { ...SIGNED_IN, schema: { params: AgentParams, response: { 200: z.array(KnowledgeDocumentSchema) } } },
      async (request) => listKnowledge(deps, signedInUser(request), request.params.id),
    );

    api.post(
      "/api/agents/:id/knowledge",
      {
        ...SIGNED_IN,
        bodyLimit: TEXT_BODY_LIMIT_BYTES,
        schema: { params: AgentParams, response: { 201: KnowledgeDocumentSchema } },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const release = admission.admit(user.id);
        try {
          const uploadId = uploadIdOf(request);
          const created = request.isMultipart()
            ? await addKnowledgeFile(deps, user, request.params.id, { ...(await readUpload(request)), uploadId })
            : await addKnowledgeText(deps, user, request.params.id, parseText(request.body), uploadId);
          return reply.status(201).send(created);
        } finally {
          release();
        }
      },
    );

    api.delete(
      "/api/agents/:id/knowledge/:docId",
      { ...SIGNED_IN, schema: { params: DocumentParams, response: { 204: NO_CONTENT } } },
      async (request, reply) => {
        await deleteKnowledge(deps, signedInUser(request), request.params.id, request.params.docId);
        return reply.status(204).send();
      },
    );

    api.post(
      "/api/agents/:id/knowledge/:docId/reindex",
      { ...SIGNED_IN, schema: { params: DocumentParams, response: { 200: KnowledgeDocumentSchema } } },
      async (request) => {
        const user = signedInUser(request);
        const release = admission.admit(user.id);
        try {
          return await reindexKnowledge(deps, user, request.params.id, request.params.docId);
        } finally {
          release();
        }
      },
    );

    api.get(
      "/api/knowledge/uploads",
      { ...SIGNED_IN, schema: { response: { 200: z.array(KnowledgeUploadProgressSchema) } } },
      async (request) => knowledgeUploadsOf(signedInUser(request)),
    );
  });
}

/** The JSON body: pasted text with a title, validated like every other body (controls cleaned first). */
function parseText(body: unknown) {
  const parsed = KnowledgeTextSchema.safeParse(cleanInput(body ?? {}));
  if (!parsed.success) throw apiError("INVALID_INPUT", { message: parsed.error.issues[0]?.message ?? "Invalid body" });
  return parsed.data;
}

/** Reads the multipart form: one `file`, and an optional `title` field before or after it. */
async function readUpload(request: FastifyRequest): Promise<KnowledgeFile> {
  let file: Omit<KnowledgeFile, "title"> | null = null;
  let title: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (part.fieldname === "file" && !file) {
          file = {
            bytes,
            fileName: cleanKnowledgeFileName(cleanText(part.filename ?? "")) || null,
            declaredType: part.mimetype ?? null,
          };
        }
      } else if (part.fieldname === "title" && typeof part.value === "string") {
        title = cleanText(part.value).trim() || null;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw apiError("FILE_TOO_LARGE");
    if ((error as { statusCode?: number }).statusCode === 413) throw apiError("FILE_TOO_LARGE");
    // A body that is not the multipart form its header announces (no boundary, cut short).
    throw apiError("UPLOAD_UNREADABLE");
  }
  if (!file) throw apiError("FILE_REQUIRED");
  return { ...file, title };
}
