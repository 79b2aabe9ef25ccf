/**
 * Importing HTTP actions from an OpenAPI 3 document (issue 24, decision 147): a dry run lists
 * the document's operations as the tools they would make; an import creates the chosen ones in
 * one transaction, all or none, each checked by the same validation as a hand-made action, its
 * headers sealed as one's are, refused when the tool policy does not allow the API's host, and
 * recorded as one audit entry naming every tool made (header names only, never a value).
 */
import { TOOLS_PER_AGENT_MAX, ToolCreateSchema, type Tool, type ToolCreate } from "../../contracts/tools.js";
import {
  OPENAPI_DOCUMENT_MAX_CHARS,
  OPENAPI_IMPORT_MAX,
  type OpenApiImport,
  type OpenApiImportResult,
  type OpenApiOperation,
} from "../../contracts/tools-openapi.js";
import type { UserRow } from "../auth/user-view.js";
import { apiError } from "../http/http-error.js";
import { hostAllowed } from "../http/outbound/outbound-policy.js";
import { findOperation, readOpenApiDocument, type PlannedOperation } from "./openapi-document.js";
import { readToolPolicy } from "./policy-service.js";
import { insertAgentToolRow, insertToolAudit, listAgentToolRows } from "./queries.js";
import { configOf, manageableAgent, type ToolsDeps } from "./service.js";
import { sealHeaders, toolSecretBox } from "./tool-secrets.js";
import { toTool } from "./tool-view.js";

function documentSize(document: OpenApiImport["document"]): number {
  return typeof document === "string" ? document.length : JSON.stringify(document).length;
}

function approvalFor(operation: PlannedOperation, approval: OpenApiImport["approval"]): PlannedOperation["approval"] {
  if (typeof approval === "string") return approval;
  return (
    approval?.[operation.key] ??
    (operation.operationId ? approval?.[operation.operationId] : undefined) ??
    operation.approval
  );
}

function answered(operation: PlannedOperation): OpenApiOperation {
  const { queryParameters: _query, bodyParameter: _body, ...shown } = operation;
  return shown;
}

/** The operations chosen, or every importable one; each must exist and be importable. */
function chosen(operations: PlannedOperation[], wanted: string[] | undefined): PlannedOperation[] {
  const picked = wanted
    ? wanted.map((entry) => {
        const operation = findOperation(operations, entry);
        if (!operation) throw apiError("OPENAPI_OPERATION_UNKNOWN", { operation: entry.slice(0, 200) });
        if (operation.problem)
          throw apiError("OPENAPI_OPERATION_UNUSABLE", { operation: operation.key, reason: operation.problem });
        return operation;
      })
    : operations.filter((operation) => operation.problem === null);
  const unique = [...new Set(picked)];
  if (unique.length === 0) throw apiError("OPENAPI_NOTHING_TO_IMPORT");
  if (unique.length > OPENAPI_IMPORT_MAX) throw apiError("OPENAPI_TOO_MANY_OPERATIONS", { limit: OPENAPI_IMPORT_MAX });
  return unique;
}

/** The tool an operation makes, through the hand-made action's own validation. */
function toolInput(operation: PlannedOperation, headers: Record<string, string> | undefined): ToolCreate {
  const checked = ToolCreateSchema.safeParse({
    kind: "http",
    name: operation.name,
    description: operation.description,
    method: operation.method,
    url: operation.url,
    parameters: operation.parameters,
    queryParameters: operation.queryParameters,
    ...(operation.bodyParameter !== undefined ? { bodyParameter: operation.bodyParameter } : {}),
    ...(headers ? { headers } : {}),
    approval: operation.approval,
  });
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw apiError("INVALID_INPUT", {
      message: `${operation.key}: ${issue?.message ?? "invalid"}`,
      ...(issue?.path[0] === "headers" ? { field: "headers" } : {}),
    });
  }
  return checked.data;
}

export async function importOpenApiTools(
  deps: ToolsDeps,
  user: UserRow,
  agentId: string,
  input: OpenApiImport,
): Promise<OpenApiImportResult> {
  const agent = await manageableAgent(deps, user, agentId);
  if (documentSize(input.document) > OPENAPI_DOCUMENT_MAX_CHARS) {
    throw apiError("OPENAPI_TOO_LARGE", { limit: OPENAPI_DOCUMENT_MAX_CHARS });
  }
  const read = readOpenApiDocument(input.document);
  const host = new URL(read.baseUrl).hostname;
  const allowed = hostAllowed(await readToolPolicy(deps.db), host);
  const existing = new Set((await listAgentToolRows(deps.db, agentId)).map((row) => row.name));
  const operations = read.operations.map((operation) => ({
    ...operation,
    approval: approvalFor(operation, input.approval),
    problem:
      operation.problem ??
      (existing.has(operation.name) ? `This agent already has a tool named ${operation.name}` : null),
  }));
  const result = {
    title: read.title,
    baseUrl: read.baseUrl,
    hostAllowed: allowed,
    operations: operations.map(answered),
  };
  if (input.dryRun) return { ...result, created: [] };

  const picked = chosen(operations, input.operations);
  if (!allowed) throw apiError("OPENAPI_HOST_NOT_ALLOWED", { host });
  if (existing.size + picked.length > TOOLS_PER_AGENT_MAX) {
    throw apiError("TOO_MANY_TOOLS", { limit: TOOLS_PER_AGENT_MAX });
  }
  const inputs = picked.map((operation) => toolInput(operation, input.headers));
  const box = toolSecretBox(deps.config);
  const now = deps.clock.now();
  const created = await deps.db.transaction(async (tx) => {
    const rows = [];
    for (const [index, tool] of inputs.entries()) {
      // A millisecond apart: the list (ordered by creation) keeps the document's order.
      const at = new Date(now.getTime() + index);
      const sealed = sealHeaders(box, tool.kind === "http" ? (tool.headers ?? {}) : {});
      rows.push(
        await insertAgentToolRow(tx, {
          agentId,
          companyId: agent.companyId,
          kind: tool.kind,
          name: tool.name,
          description: tool.kind === "http" ? tool.description : "",
          approval: tool.approval,
          config: configOf(tool, sealed.hints),
          sealedHeaders: sealed.sealed,
          createdAt: at,
          updatedAt: at,
        }),
      );
    }
    await insertToolAudit(tx, user, "agent_tool.import", { type: "agent", id: agentId }, now, {
      agentId,
      title: read.title,
      baseUrl: read.baseUrl,
      tools: rows.map((row) => ({ id: row.id, name: row.name, method: row.config.method, url: row.config.url })),
      headerNames: Object.keys(input.headers ?? {}),
    });
    return rows;
  });
  return { ...result, created: created.map((row): Tool => toTool(row)) };
}
