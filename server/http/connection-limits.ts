/**
 * Slow and greedy clients. Node's HTTP server gets deliberate timeouts (headers must arrive
 * within HTTP_HEADERS_TIMEOUT_MS, the whole request within HTTP_REQUEST_TIMEOUT_MS, idle
 * keep-alive sockets close after HTTP_KEEP_ALIVE_TIMEOUT_MS), checked often enough that a
 * slow-loris client is dropped within about a second of its deadline; and one address may
 * hold at most MAX_CONNECTIONS_PER_ADDRESS sockets at once (0 = no cap; behind a proxy every
 * socket comes from the proxy, so the cap is off by default there).
 */
import type { Server, ServerOptions } from "node:http";
import type { Socket } from "node:net";
import type { Config } from "../config.js";

/** Fastify server options for the timeouts; streams (SSE, WebSocket) are not cut by them. */
export function httpTimeoutOptions(config: Config): {
  requestTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      // Node checks the two deadlines above on this interval (default 30 s).
      connectionsCheckingInterval: Math.min(1000, config.HTTP_HEADERS_TIMEOUT_MS),
    },
  };
}

export function connectionCap(config: Config): number {
  return config.MAX_CONNECTIONS_PER_ADDRESS ?? (config.TRUST_PROXY ? 0 : 256);
}

export function limitConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
