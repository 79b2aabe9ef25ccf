/**
 * A real MCP server on loopback for tests and journeys (issue 24): the official SDK's McpServer
 * behind its Streamable HTTP transport on a node:http server listening on port 0, stateless (a
 * server and transport per request). It offers `lookup_order` and `slow`, refuses requests
 * without the expected bearer token when one is set, and records the tools called.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

export interface FakeMcpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:41234/mcp */
  url: string;
  port: number;
  /** Each call: the tool's name and its arguments. */
  calls: { name: string; arguments: unknown }[];
  /** Authorization headers the server was sent. */
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

function buildServer(calls: FakeMcpServer["calls"]): McpServer {
  const server = new McpServer({ name: "orders-test", version: "1.0.0" });
  server.registerTool(
    "lookup_order",
    { description: "Look up an order by its number", inputSchema: { orderId: z.string() } },
    async ({ orderId }) => {
      calls.push({ name: "lookup_order", arguments: { orderId } });
      if (orderId === "missing") return { content: [{ type: "text", text: `No order ${orderId}` }], isError: true };
      return { content: [{ type: "text", text: `Order ${orderId}: shipped on 2026-05-30` }] };
    },
  );
  server.registerTool(
    "big_report",
    { description: "A very long report", inputSchema: { lines: z.number() } },
    async ({ lines }) => {
      calls.push({ name: "big_report", arguments: { lines } });
      return { content: [{ type: "text", text: "line of the report\n".repeat(lines) }] };
    },
  );
  server.registerTool("slow", { description: "Never answers", inputSchema: {} }, async () => {
    calls.push({ name: "slow", arguments: {} });
    return new Promise<never>(() => undefined);
  });
  return server;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : undefined;
}

export async function startFakeMcpServer(options: { bearer?: string; host?: string } = {}): Promise<FakeMcpServer> {
  const calls: FakeMcpServer["calls"] = [];
  const authorizations: (string | undefined)[] = [];
  const http: Server = createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    if (options.bearer && req.headers.authorization !== `Bearer ${options.bearer}`) {
      res.writeHead(401, { "content-type": "application/json" });
      return res.end(JSON.stringify({ error: "unauthorized" }));
    }
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST" });
      return res.end();
    }
    void (async () => {
      const server = buildServer(calls);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on("close", () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, await readJson(req));
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, options.host ?? "127.0.0.1", resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    calls,
    authorizations,
    async close() {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
