/**
 * A real HTTP server on loopback that HTTP-action tests call (issue 24): it records each request
 * (method, path, query, headers, body) and answers by path: /orders/{id} JSON, /fail 500,
 * /big a body over any small cap, /redirect?to= a 302, /hang never.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeToolHttpServer {
  base: string;
  port: number;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export async function startFakeToolHttpServer(): Promise<FakeToolHttpServer> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname.startsWith("/orders/")) {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify({ order: decodeURIComponent(url.pathname.slice(8)), status: "shipped" }));
      }
      if (url.pathname === "/fail") {
        res.writeHead(500, { "content-type": "text/plain" });
        return res.end("the order system is down");
      }
      if (url.pathname === "/big") {
        res.writeHead(200, { "content-type": "text/plain" });
        return res.end("x".repeat(256 * 1024));
      }
      if (url.pathname === "/redirect") {
        res.writeHead(302, { location: url.searchParams.get("to") ?? "/orders/1" });
        return res.end();
      }
      // /hang: no answer ever.
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    seen,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The admin's tool policy that lets tools reach this fake on loopback (and nothing else by name). */
export const LOOPBACK_TOOL_POLICY = {
  allowedHosts: ["127.0.0.1"],
  allowPrivateNetworks: true,
  maxCallsPerTurn: 6,
  callsPerCompanyPerDay: null,
};

/** An HTTP action that looks an order up on this fake: the tool the turn tests give an agent. */
export function orderStatusAction(web: FakeToolHttpServer, approval: "auto" | "ask") {
  return {
    kind: "http" as const,
    name: "order_status",
    description: "The status of an order",
    method: "GET" as const,
    url: `${web.base}/orders/{id}`,
    parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    approval,
  };
}
