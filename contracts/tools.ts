/**
 * An agent's tools and the admin's tool policy (issue 24): what the API accepts and answers.
 * A tool is an MCP server (Streamable HTTP), an HTTP action, or a built-in. Header values are
 * secrets: accepted in, never answered back (a saved header shows only as `hint`, "••••1234").
 */
import { z } from "zod";

/** The name the model calls, and a configured tool's name (an MCP server's tools are offered as `<name>__<tool>`). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
export const TOOL_KINDS = ["mcp", "http", "builtin"] as const;
export const TOOL_APPROVALS = ["auto", "ask"] as const;
export const HTTP_ACTION_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** Built-ins the app provides itself: a search of the agent's documents, and asking for a person (issue 26). */
export const BUILTIN_TOOLS = ["search_knowledge", "handoff_to_human"] as const;
export const TOOLS_PER_AGENT_MAX = 20;
export const TOOL_HEADERS_MAX = 10;
const DESCRIPTION_MAX = 1_000;
const URL_MAX = 2_000;
const PARAMETERS_MAX_CHARS = 20_000;
const HEADER_VALUE_MAX = 4_096;
/** Headers the HTTP client sets itself; a tool naming them would confuse the request. */
const RESERVED_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection", "content-type"]);

const name = z
  .string({ error: "name is required" })
  .regex(TOOL_NAME_PATTERN, { error: "name may use only letters, digits, _ and -, at most 64 characters" });
const approval = z.enum(TOOL_APPROVALS, { error: "approval must be auto or ask" });
const description = z
  .string({ error: "description is required" })
  .trim()
  .min(1, { error: "description is required: the model reads it to decide when to call the tool" })
  .max(DESCRIPTION_MAX, { error: `description may be at most ${DESCRIPTION_MAX} characters` });

const httpUrl = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .max(URL_MAX, { error: `${field} may be at most ${URL_MAX} characters` })
    .refine((value) => isHttpUrl(value), { error: `${field} must be an http:// or https:// address` });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** `{placeholder}` names in a URL template, in order. */
export function urlTemplatePlaceholders(template: string): string[] {
  return [...template.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]);
}

const headerName = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
function headersIssue(headers: Record<string, unknown>): string | null {
  const names = Object.keys(headers);
  if (names.length > TOOL_HEADERS_MAX) return `At most ${TOOL_HEADERS_MAX} headers`;
  for (const key of names) {
    if (!headerName.test(key)) return `headers: "${key.slice(0, 40)}" is not a valid header name`;
    if (RESERVED_HEADERS.has(key.toLowerCase())) return `headers: ${key} is set by the app itself`;
    const value = headers[key];
    if (typeof value === "string" && /[\r\n\0]/.test(value)) return `headers: ${key} may not contain line breaks`;
  }
  return null;
}
const headerValue = z.string().min(1, { error: "a header value may not be empty" }).max(HEADER_VALUE_MAX);
const NewHeadersSchema = z
  .record(z.string(), headerValue, { error: "headers must be an object of names to values" })
  .superRefine((headers, ctx) => {
    const issue = headersIssue(headers);
    if (issue) ctx.addIssue({ code: "custom", message: issue });
  });
/** In a PATCH: a value sets the header, null removes it, an unnamed header stays as saved. */
const ChangedHeadersSchema = z
  .record(z.string(), headerValue.nullable(), { error: "headers must be an object of names to values or null" })
  .superRefine((headers, ctx) => {
    const issue = headersIssue(headers);
    if (issue) ctx.addIssue({ code: "custom", message: issue });
  });

/** A JSON Schema object, as OpenAI's `function.parameters`: `{ type: "object", properties?, required? }`. */
export const ToolParametersSchema = z
  .record(z.string(), z.unknown(), { error: "parameters must be a JSON Schema object" })
  .superRefine((schema, ctx) => {
    const issue = parametersIssue(schema);
    if (issue) ctx.addIssue({ code: "custom", message: issue });
  });

function parametersIssue(schema: Record<string, unknown>): string | null {
  if (JSON.stringify(schema).length > PARAMETERS_MAX_CHARS) {
    return `parameters may be at most ${PARAMETERS_MAX_CHARS} characters of JSON`;
  }
  if (schema.type !== "object") return 'parameters must be a JSON Schema with type "object"';
  const properties = schema.properties ?? {};
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) {
    return "parameters.properties must be an object";
  }
  for (const [key, value] of Object.entries(properties)) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return `parameters.properties.${key} must be a JSON Schema object`;
    }
  }
  const required = schema.required ?? [];
  if (!Array.isArray(required) || required.some((item) => typeof item !== "string")) {
    return "parameters.required must be a list of property names";
  }
  const missing = (required as string[]).find((item) => !(item in properties));
  if (missing) return `parameters.required names ${missing}, which is not among parameters.properties`;
  return null;
}

/** The URL template's placeholders must be parameters, and the URL must be an address once filled. */
export function urlTemplateIssue(url: string, parameters: Record<string, unknown>): string | null {
  const placeholders = urlTemplatePlaceholders(url);
  const properties = (parameters.properties ?? {}) as Record<string, unknown>;
  for (const placeholder of placeholders) {
    if (!/^[a-zA-Z0-9_-]{1,64}$/.test(placeholder)) return `url: {${placeholder.slice(0, 40)}} is not a parameter name`;
    if (!(placeholder in properties)) return `url: {${placeholder}} is not among parameters.properties`;
  }
  const filled = url.replace(/\{[^{}]*\}/g, "x");
  if (!isHttpUrl(filled)) return "url must be an http:// or https:// address";
  const authority = /^[a-z]+:\/\/([^/?#]*)/i.exec(url)?.[1] ?? "";
  if (authority.includes("{")) return "url: placeholders may fill the path and query, not the host";
  return null;
}

/** Query and body arguments must be parameters, and none may also fill the URL. */
export function argumentPlacesIssue(
  url: string,
  parameters: Record<string, unknown>,
  queryParameters: string[] | undefined,
  bodyParameter: string | undefined,
): string | null {
  const properties = (parameters.properties ?? {}) as Record<string, unknown>;
  const inPath = new Set(urlTemplatePlaceholders(url));
  for (const name of [...(queryParameters ?? []), ...(bodyParameter === undefined ? [] : [bodyParameter])]) {
    if (!(name in properties)) return `${name} is sent with the request but is not among parameters.properties`;
    if (inPath.has(name)) return `${name} fills the URL and cannot also be sent in the query or body`;
  }
  if (bodyParameter !== undefined && queryParameters?.includes(bodyParameter)) {
    return `${bodyParameter} cannot be both the body and a query parameter`;
  }
  return null;
}

const McpToolCreateSchema = z.object({
  kind: z.literal("mcp"),
  name,
  url: httpUrl("url"),
  headers: NewHeadersSchema.optional(),
  /** Null or absent: every tool the server offers. */
  enabledTools: z.array(z.string().regex(TOOL_NAME_PATTERN)).max(200).nullable().optional(),
  approval: approval.default("ask"),
});

const HttpToolCreateSchema = z
  .object({
    kind: z.literal("http"),
    name,
    description,
    method: z.enum(HTTP_ACTION_METHODS, { error: "method must be GET, POST, PUT, PATCH or DELETE" }),
    url: httpUrl("url"),
    parameters: ToolParametersSchema.default({ type: "object", properties: {} }),
    headers: NewHeadersSchema.optional(),
    approval: approval.default("ask"),
    /** Arguments sent in the query whatever the method (set by an OpenAPI import; absent: the method decides). */
    queryParameters: z.array(z.string().max(64)).max(100).optional(),
    /** The argument whose value is the whole JSON body (set by an OpenAPI import). */
    bodyParameter: z.string().max(64).optional(),
  })
  .superRefine((tool, ctx) => {
    const issue = urlTemplateIssue(tool.url, tool.parameters);
    if (issue) ctx.addIssue({ code: "custom", message: issue, path: ["url"] });
    const placed = argumentPlacesIssue(tool.url, tool.parameters, tool.queryParameters, tool.bodyParameter);
    if (placed) ctx.addIssue({ code: "custom", message: placed, path: ["parameters"] });
  });

const BuiltinToolCreateSchema = z.object({
  kind: z.literal("builtin"),
  name: z.enum(BUILTIN_TOOLS, { error: `name must be one of: ${BUILTIN_TOOLS.join(", ")}` }),
  approval: approval.default("auto"),
});

export const ToolCreateSchema = z.discriminatedUnion(
  "kind",
  [McpToolCreateSchema, HttpToolCreateSchema, BuiltinToolCreateSchema],
  { error: "kind must be mcp, http or builtin" },
);
export type ToolCreate = z.infer<typeof ToolCreateSchema>;

/** Every field optional; the ones that do not apply to the tool's kind are refused by the service. */
export const ToolPatchSchema = z
  .object({
    name: name.optional(),
    description: description.optional(),
    method: z.enum(HTTP_ACTION_METHODS, { error: "method must be GET, POST, PUT, PATCH or DELETE" }).optional(),
    url: httpUrl("url").optional(),
    parameters: ToolParametersSchema.optional(),
    headers: ChangedHeadersSchema.optional(),
    enabledTools: z.array(z.string().regex(TOOL_NAME_PATTERN)).max(200).nullable().optional(),
    approval: approval.optional(),
  })
  .strict();
export type ToolPatch = z.infer<typeof ToolPatchSchema>;

export const ToolHeaderSchema = z.object({ name: z.string(), hint: z.string() });
export const OfferedFunctionSchema = z.object({ name: z.string(), description: z.string() });
export type OfferedFunction = z.infer<typeof OfferedFunctionSchema>;

/** A saved tool as the API answers it: no header value, only its hint. */
export const ToolSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  kind: z.enum(TOOL_KINDS),
  name: z.string(),
  description: z.string(),
  approval: z.enum(TOOL_APPROVALS),
  url: z.string().nullable(),
  method: z.enum(HTTP_ACTION_METHODS).nullable(),
  parameters: z.record(z.string(), z.unknown()).nullable(),
  headers: z.array(ToolHeaderSchema),
  /** An imported action's query arguments and body argument (absent on hand-made ones). */
  queryParameters: z.array(z.string()).optional(),
  bodyParameter: z.string().optional(),
  enabledTools: z.array(z.string()).nullable(),
  /** What an MCP server offered when last listed (null before the first test). */
  offered: z.array(OfferedFunctionSchema).nullable(),
  refreshedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tool = z.infer<typeof ToolSchema>;

export const ToolTestResultSchema = z.object({
  ok: z.boolean(),
  /** A sentence for the person: what worked, or why it did not. */
  message: z.string(),
  /** The functions the tool offers the model (for MCP, every tool the server lists, enabled or not). */
  offered: z.array(OfferedFunctionSchema),
});
export type ToolTestResult = z.infer<typeof ToolTestResultSchema>;

const hostPattern = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$|^[0-9a-f:.]+$/, {
    error: "allowedHosts: each entry is a host name (api.example.com), *.example.com or an IP address",
  });

export const ToolPolicySchema = z.object({
  /** Empty: any host whose addresses are public. */
  allowedHosts: z.array(hostPattern).max(200, { error: "allowedHosts may list at most 200 hosts" }),
  allowPrivateNetworks: z.boolean({ error: "allowPrivateNetworks must be true or false" }),
  maxCallsPerTurn: z
    .number({ error: "maxCallsPerTurn must be a number" })
    .int()
    .min(1, { error: "maxCallsPerTurn must be at least 1" })
    .max(50, { error: "maxCallsPerTurn may be at most 50" }),
  /** Null: unlimited. */
  callsPerCompanyPerDay: z
    .number({ error: "callsPerCompanyPerDay must be a number or null" })
    .int()
    .min(0, { error: "callsPerCompanyPerDay may not be negative" })
    .nullable(),
});
export type ToolPolicy = z.infer<typeof ToolPolicySchema>;

export const DEFAULT_TOOL_POLICY: ToolPolicy = {
  allowedHosts: [],
  allowPrivateNetworks: false,
  maxCallsPerTurn: 6,
  callsPerCompanyPerDay: null,
};
