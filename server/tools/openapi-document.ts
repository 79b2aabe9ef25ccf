/**
 * An OpenAPI 3 document read into the HTTP actions it describes (issue 24, decision 147): the
 * base URL from `servers[0]` (its variables at their defaults), and per operation a tool name
 * from its operationId (or method and path) made to fit the model's function names, a
 * description from its summary and description, and one JSON Schema of arguments — path and
 * query parameters by name, a JSON request body as `body`. An operation that cannot become an
 * action says why in `problem`; a document that cannot be read at all is refused.
 */
import { OPENAPI_OPERATIONS_MAX, type OpenApiOperation } from "../../contracts/tools-openapi.js";
import { HTTP_ACTION_METHODS, ToolCreateSchema } from "../../contracts/tools.js";
import { apiError } from "../http/http-error.js";
import { followRef, newSchemaBudget, resolvedSchema, SchemaProblem, type SchemaBudget } from "./openapi-schema.js";

/** An operation with where its arguments go, which the API answer leaves out. */
export interface PlannedOperation extends OpenApiOperation {
  queryParameters: string[];
  bodyParameter?: string;
}

export interface ReadDocument {
  title: string;
  baseUrl: string;
  operations: PlannedOperation[];
}

const PATH_ITEM_METHODS = ["get", "put", "post", "delete", "patch", "options", "head", "trace"] as const;
const DESCRIPTION_MAX = 1_000;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const invalid = (message: string) => apiError("OPENAPI_INVALID", { message });

/** The document as a JSON object, or a refusal saying what is wrong with it. */
function parsed(input: string | Json): Json {
  if (typeof input !== "string") return input;
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch {
    throw invalid("The document is not JSON. Paste or choose an OpenAPI 3 document in JSON (YAML is not read).");
  }
  if (!isObject(value)) throw invalid("The document must be a JSON object with openapi, info and paths.");
  return value;
}

export function baseUrlOf(document: Json): string {
  const server: unknown = Array.isArray(document.servers) ? document.servers[0] : undefined;
  if (!isObject(server) || typeof server.url !== "string") {
    throw invalid("The document names no server: add servers[0].url with the API's absolute address.");
  }
  const variables = isObject(server.variables) ? server.variables : {};
  const url = server.url.replace(/\{([^{}]*)\}/g, (_match, name: string) => {
    const variable = variables[name];
    if (!isObject(variable) || typeof variable.default !== "string") {
      throw invalid(`servers[0].url uses {${name.slice(0, 40)}}, which has no default among its variables.`);
    }
    return variable.default;
  });
  let parsedUrl: URL;
  try {
    parsedUrl = new URL(url);
  } catch {
    throw invalid(
      `servers[0].url is relative (${url.slice(0, 100)}): an action needs the API's absolute address, such as https://api.example.com/v1.`,
    );
  }
  if (parsedUrl.protocol !== "http:" && parsedUrl.protocol !== "https:") {
    throw invalid("servers[0].url must be an http:// or https:// address.");
  }
  return url.replace(/\/+$/, "");
}

/** The operationId made to fit /^[a-zA-Z0-9_-]{1,64}$/, or method and path when there is none. */
export function toolNameFor(operationId: string | null, method: string, path: string): string {
  const fit = (text: string) =>
    text
      .replace(/[^a-zA-Z0-9_-]+/g, "_")
      .replace(/_+/g, "_")
      .replace(/^_|_$/g, "")
      .slice(0, 64);
  return fit(operationId ?? "") || fit(`${method.toLowerCase()}_${path}`) || method.toLowerCase();
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${name.slice(0, 60)}_${n}`;
  taken.add(candidate);
  return candidate;
}

function descriptionOf(operation: Json, key: string): string {
  const parts = [operation.summary, operation.description]
    .filter((part): part is string => typeof part === "string" && part.trim() !== "")
    .map((part) => part.trim());
  const text = parts.length === 2 && parts[1].startsWith(parts[0]) ? parts[1] : parts.join(". ");
  const description = text === "" ? key : text;
  return description.length > DESCRIPTION_MAX ? `${description.slice(0, DESCRIPTION_MAX - 1)}…` : description;
}

const JSON_MEDIA = /^application\/([a-z0-9.+-]*\+)?json$/i;

interface Arguments {
  parameters: Json;
  queryParameters: string[];
  bodyParameter?: string;
}

/** Path-level parameters, replaced by the operation's own of the same name and place. */
function declaredParameters(document: Json, pathItem: Json, operation: Json): Json[] {
  const byPlace = new Map<string, Json>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const parameter = followRef(document, item);
      if (!isObject(parameter) || typeof parameter.name !== "string" || typeof parameter.in !== "string") {
        throw new SchemaProblem("a parameter has no name or no in");
      }
      byPlace.set(`${parameter.in} ${parameter.name}`, parameter);
    }
  }
  return [...byPlace.values()];
}

function argumentsOf(document: Json, pathItem: Json, operation: Json, method: string, budget: SchemaBudget): Arguments {
  const properties: Json = {};
  const required: string[] = [];
  const queryParameters: string[] = [];
  for (const parameter of declaredParameters(document, pathItem, operation)) {
    const name = parameter.name as string;
    if (parameter.in !== "path" && parameter.in !== "query") continue; // headers and cookies: the import's own headers
    if (name in properties) throw new SchemaProblem(`two parameters are named ${name.slice(0, 40)}`);
    const schema = resolvedSchema(document, parameter.schema ?? { type: "string" }, budget);
    const property: Json = isObject(schema) ? { ...schema } : { type: "string" };
    if (typeof parameter.description === "string" && property.description === undefined) {
      property.description = parameter.description;
    }
    properties[name] = property;
    if (parameter.in === "path" || parameter.required === true) required.push(name);
    if (parameter.in === "query") queryParameters.push(name);
  }
  let bodyParameter: string | undefined;
  const requestBody = followRef(document, operation.requestBody);
  if (isObject(requestBody) && method !== "GET") {
    const content = isObject(requestBody.content) ? requestBody.content : {};
    const media = Object.keys(content).find((type) => JSON_MEDIA.test(type.split(";")[0].trim()));
    const firstMedia = Object.keys(content)[0];
    if (media === undefined && requestBody.required === true) {
      throw new SchemaProblem(`its request body is ${firstMedia ?? "of no type"}; an action sends only JSON bodies`);
    }
    const bodySchema = media === undefined ? undefined : (content[media] as Json | undefined)?.schema;
    if (media !== undefined) {
      bodyParameter = !("body" in properties) ? "body" : !("requestBody" in properties) ? "requestBody" : undefined;
      if (bodyParameter === undefined)
        throw new SchemaProblem("parameters named body and requestBody leave no name for the body");
      const schema = resolvedSchema(document, bodySchema ?? {}, budget);
      const property: Json = isObject(schema) ? { ...schema } : {};
      if (typeof requestBody.description === "string" && property.description === undefined) {
        property.description = requestBody.description;
      }
      properties[bodyParameter] = property;
      if (requestBody.required === true) required.push(bodyParameter);
    }
  }
  const parameters: Json = { type: "object", properties, ...(required.length > 0 ? { required } : {}) };
  return { parameters, queryParameters, ...(bodyParameter ? { bodyParameter } : {}) };
}

/** The action one operation makes, its problem checked by the same validation as a hand-made action's. */
function planned(document: Json, baseUrl: string, path: string, pathItem: Json, verb: string, taken: Set<string>) {
  const method = verb.toUpperCase();
  const operation = pathItem[verb] as Json;
  const key = `${method} ${path}`;
  const operationId = typeof operation.operationId === "string" ? operation.operationId : null;
  const name = uniqueName(toolNameFor(operationId, method, path), taken);
  const base = {
    key,
    operationId,
    name,
    method,
    path,
    description: descriptionOf(operation, key),
    url: baseUrl + path,
  };
  const approval = method === "GET" ? ("auto" as const) : ("ask" as const);
  const empty = { parameters: { type: "object", properties: {} }, queryParameters: [] as string[], approval };
  if (!(HTTP_ACTION_METHODS as readonly string[]).includes(method)) {
    return { ...base, ...empty, problem: `${method} is not a method an HTTP action can use` };
  }
  let args: Arguments;
  try {
    args = argumentsOf(document, pathItem, operation, method, newSchemaBudget());
  } catch (error) {
    if (error instanceof SchemaProblem) return { ...base, ...empty, problem: `Cannot be imported: ${error.message}` };
    throw error;
  }
  const checked = ToolCreateSchema.safeParse({ kind: "http", ...base, ...args, approval });
  const problem = checked.success ? null : `Cannot be imported: ${checked.error.issues[0]?.message ?? "invalid"}`;
  return { ...base, ...args, approval, problem };
}

/** Every operation of the document, in its order, as the action it makes or why it cannot. */
export function readOpenApiDocument(input: string | Json): ReadDocument {
  const document = parsed(input);
  if (typeof document.openapi !== "string" || !/^3\.\d+(\.\d+)?/.test(document.openapi)) {
    throw invalid(
      typeof document.swagger === "string"
        ? "This is a Swagger 2 document; import an OpenAPI 3 document (openapi: 3.x)."
        : "The document has no openapi: 3.x field; only OpenAPI 3 documents can be imported.",
    );
  }
  if (!isObject(document.paths)) throw invalid("The document has no paths object.");
  const baseUrl = baseUrlOf(document);
  const info = isObject(document.info) ? document.info : {};
  const title = typeof info.title === "string" ? info.title.slice(0, 200) : "API";
  const operations: PlannedOperation[] = [];
  const taken = new Set<string>();
  for (const [path, pathItem] of Object.entries(document.paths)) {
    if (!isObject(pathItem)) continue;
    for (const verb of PATH_ITEM_METHODS) {
      if (!isObject(pathItem[verb])) continue;
      if (operations.length >= OPENAPI_OPERATIONS_MAX) {
        throw invalid(`The document has more than ${OPENAPI_OPERATIONS_MAX} operations; import a smaller one.`);
      }
      operations.push(planned(document, baseUrl, path, pathItem, verb, taken));
    }
  }
  if (operations.length === 0) throw invalid("The document describes no operations under paths.");
  return { title, baseUrl, operations };
}

/** The operation an entry of `operations` names: its operationId, or "METHOD /path". */
export function findOperation(operations: PlannedOperation[], wanted: string): PlannedOperation | undefined {
  const spaced = /^([a-z]+)\s+(\/.*)$/i.exec(wanted.trim());
  const key = spaced ? `${spaced[1].toUpperCase()} ${spaced[2]}` : null;
  return operations.find((operation) => operation.key === key || operation.operationId === wanted);
}
