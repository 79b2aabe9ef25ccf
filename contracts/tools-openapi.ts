/**
 * Importing HTTP actions from an OpenAPI 3 document (issue 24): what the API accepts and answers.
 * One route, `POST /api/agents/{id}/tools/openapi`: with `dryRun` it lists the document's
 * operations as the tools they would make; without, it creates the chosen ones (decision 147).
 */
import { z } from "zod";
import { TOOL_APPROVALS, ToolSchema } from "./tools.js";

/** JSON text (or the JSON value) of a document; larger ones are refused before they are read. */
export const OPENAPI_DOCUMENT_MAX_CHARS = 500_000;
/** Operations a document may hold; past this it is refused rather than half read. */
export const OPENAPI_OPERATIONS_MAX = 200;
/** Tools one import may create (an agent holds at most TOOLS_PER_AGENT_MAX in all). */
export const OPENAPI_IMPORT_MAX = 20;

const approval = z.enum(TOOL_APPROVALS, { error: "approval must be auto or ask" });

export const OpenApiImportSchema = z.object({
  /** The document as JSON text (pasted or read from a file), or as the JSON value itself. */
  document: z.union([z.string(), z.record(z.string(), z.unknown())], {
    error: "document must be an OpenAPI 3 document as JSON text or a JSON object",
  }),
  /** Which operations to import, by operationId or "METHOD /path"; absent: every importable one. */
  operations: z
    .array(z.string().max(2_000), { error: 'operations must be a list of operationIds or "METHOD /path"' })
    .max(OPENAPI_OPERATIONS_MAX)
    .optional(),
  /** One approval for every tool, or one per operation key; unnamed: GET runs without asking, others ask. */
  approval: z.union([approval, z.record(z.string(), approval)]).optional(),
  /** Headers every created tool sends (secrets: sealed, never answered back). Checked as a hand-made action's. */
  headers: z.record(z.string(), z.string()).optional(),
  /** List the operations and the tools they would make; create nothing. */
  dryRun: z.boolean().optional(),
});
export type OpenApiImport = z.infer<typeof OpenApiImportSchema>;

/** One operation of the document, as the HTTP action it makes (or why it cannot make one). */
export const OpenApiOperationSchema = z.object({
  /** "METHOD /path", as the document writes the path. */
  key: z.string(),
  operationId: z.string().nullable(),
  /** The tool's name: the operationId made to fit the model's function names, or method and path. */
  name: z.string(),
  method: z.string(),
  path: z.string(),
  description: z.string(),
  /** The action's URL template: the base URL and the path with its {placeholders}. */
  url: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  approval,
  /** Null when the operation can be imported; otherwise a sentence saying why not. */
  problem: z.string().nullable(),
});
export type OpenApiOperation = z.infer<typeof OpenApiOperationSchema>;

export const OpenApiImportResultSchema = z.object({
  title: z.string(),
  baseUrl: z.string(),
  /** The tool policy allows the base URL's host (an import is refused when it does not). */
  hostAllowed: z.boolean(),
  operations: z.array(OpenApiOperationSchema),
  /** The tools made (empty on a dry run). */
  created: z.array(ToolSchema),
});
export type OpenApiImportResult = z.infer<typeof OpenApiImportResultSchema>;
