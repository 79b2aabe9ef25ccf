/**
 * Talking to an MCP server over Streamable HTTP with the official SDK's client, every request
 * of which goes through the guarded client (guarded-fetch.ts): the policy's hosts, the address
 * check at connect time and on redirects, the time and size limits apply to MCP as to HTTP
 * actions. The SDK's standalone GET stream (server-sent notifications) is answered 405 here
 * without leaving the server: a tool call needs only request and answer, and a stream held open
 * would hold the call to its timeout.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { GuardedFetch } from "../http/outbound/guarded-fetch.js";

const CLIENT_INFO = { name: "agentdesk", version: "1.0.0" };

function headerRecord(headers: RequestInit["headers"]): Record<string, string> {
  return Object.fromEntries(new Headers(headers).entries());
}

export function guardedMcpFetch(guarded: GuardedFetch, signal: AbortSignal): FetchLike {
  return async (url, init) => {
    const method = (init?.method ?? "GET").toUpperCase();
    if (method === "GET") return new Response(null, { status: 405 });
    const body = typeof init?.body === "string" ? init.body : undefined;
    const answer = await guarded({ method, url: url.toString(), headers: headerRecord(init?.headers), body, signal });
    const nullBody = answer.status === 204 || answer.status === 304 || answer.status < 200;
    return new Response(nullBody ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: bodyHeaders(answer.headers),
    });
  };
}

/** The body is handed over whole and decoded: the headers describing its transfer no longer apply. */
function bodyHeaders(headers: Record<string, string>): Record<string, string> {
  const kept = { ...headers };
  for (const name of ["content-length", "transfer-encoding", "content-encoding", "connection"]) delete kept[name];
  return kept;
}

export interface McpListedTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** Opens a session, runs `work` with the client, and ends the session whatever happened. */
export async function withMcpClient<T>(
  server: { url: string; headers: Record<string, string> },
  guarded: GuardedFetch,
  signal: AbortSignal,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    fetch: guardedMcpFetch(guarded, signal),
    requestInit: { headers: server.headers },
  });
  const client = new Client(CLIENT_INFO);
  try {
    await client.connect(transport, { signal });
    return await work(client);
  } finally {
    // The server may keep sessions: say goodbye when one was opened, and never let that fail the call.
    if (transport.sessionId) await transport.terminateSession().catch(() => undefined);
    await client.close().catch(() => undefined);
  }
}

export async function listMcpTools(client: Client, signal: AbortSignal): Promise<McpListedTool[]> {
  const listed: McpListedTool[] = [];
  let cursor: string | undefined;
  // A server pages its list; a handful of pages is plenty for any toolbox a model can use.
  for (let page = 0; page < 10; page += 1) {
    const answer = await client.listTools(cursor ? { cursor } : undefined, { signal });
    for (const tool of answer.tools) {
      listed.push({
        name: tool.name,
        description: tool.description ?? tool.title ?? tool.name,
        parameters: tool.inputSchema as Record<string, unknown>,
      });
    }
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return listed;
}

/** The text an MCP tool's result gives the model: its text parts, or its structured content. */
export function mcpResultText(result: Record<string, unknown>): string {
  if (!("content" in result) && "toolResult" in result) return JSON.stringify(result.toolResult);
  const parts = Array.isArray(result.content) ? (result.content as { type?: string; text?: string }[]) : [];
  const texts = parts.map((part) =>
    part.type === "text" && typeof part.text === "string" ? part.text : `[${part.type ?? "content"}]`,
  );
  if (texts.length > 0) return texts.join("\n");
  return result.structuredContent === undefined ? "" : JSON.stringify(result.structuredContent);
}
