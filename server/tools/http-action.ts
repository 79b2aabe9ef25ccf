/**
 * An HTTP action's call: the URL template filled from the model's arguments (each value
 * percent-encoded, so an argument cannot add a path segment or a host), the remaining
 * arguments in the query (GET, DELETE) or as a JSON body (POST, PUT, PATCH), the saved headers
 * opened only now, and the request sent through the guarded client. An action imported from an
 * OpenAPI document says where each argument goes instead: its query arguments, and the one
 * argument that is the whole body; an argument it does not name is not sent.
 */
import { urlTemplatePlaceholders } from "../../contracts/tools.js";
import type { GuardedFetch, OutboundRequest } from "../http/outbound/guarded-fetch.js";

export interface HttpActionSettings {
  method: string;
  url: string;
  queryParameters?: string[];
  bodyParameter?: string;
}

function argumentText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The request the arguments make, or the reason they cannot make one. */
export function httpActionRequest(
  action: HttpActionSettings,
  args: Record<string, unknown>,
  headers: Record<string, string>,
): OutboundRequest | string {
  const rest = { ...args };
  for (const placeholder of urlTemplatePlaceholders(action.url)) {
    if (rest[placeholder] === undefined || rest[placeholder] === null) return `the argument ${placeholder} is required`;
  }
  const filled = action.url.replace(/\{([^{}]*)\}/g, (_match, placeholder: string) => {
    const value = encodeURIComponent(argumentText(rest[placeholder]));
    delete rest[placeholder];
    return value;
  });
  const url = new URL(filled);
  const method = action.method.toUpperCase();
  if (action.queryParameters) return placedRequest(action, method, url, rest, headers);
  if (method === "GET" || method === "DELETE") {
    for (const [key, value] of Object.entries(rest)) {
      if (value !== undefined && value !== null) url.searchParams.append(key, argumentText(value));
    }
    return { method, url: url.toString(), headers: { accept: "application/json, text/*;q=0.9", ...headers } };
  }
  return {
    method,
    url: url.toString(),
    headers: { accept: "application/json, text/*;q=0.9", ...headers, "content-type": "application/json" },
    body: JSON.stringify(rest),
  };
}

/** An imported action's request: its query arguments in the query, its body argument as the body. */
function placedRequest(
  action: HttpActionSettings,
  method: string,
  url: URL,
  args: Record<string, unknown>,
  headers: Record<string, string>,
): OutboundRequest {
  for (const name of action.queryParameters ?? []) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    // An array is a repeated parameter (OpenAPI's default form, explode: true).
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, argumentText(item));
  }
  const accept = { accept: "application/json, text/*;q=0.9", ...headers };
  const body = action.bodyParameter === undefined ? undefined : args[action.bodyParameter];
  if (body === undefined || method === "GET") return { method, url: url.toString(), headers: accept };
  return {
    method,
    url: url.toString(),
    headers: { ...accept, "content-type": "application/json" },
    body: JSON.stringify(body),
  };
}

export interface HttpActionAnswer {
  ok: boolean;
  content: string;
  summary: string;
}

export async function runHttpAction(guarded: GuardedFetch, request: OutboundRequest): Promise<HttpActionAnswer> {
  const answer = await guarded(request);
  const text = answer.body.toString("utf8");
  const target = new URL(request.url);
  const where = `${request.method ?? "GET"} ${target.host}${target.pathname}`;
  const ok = answer.status >= 200 && answer.status < 300;
  return {
    ok,
    content: ok ? text : `HTTP ${answer.status}: ${text}`,
    summary: `${where} → ${answer.status} (${answer.body.length} bytes)`,
  };
}
