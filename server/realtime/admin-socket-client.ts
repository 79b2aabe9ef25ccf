/**
 * A test client for /ws-admin on a listening app: connects with a cookie, collects what the
 * server sends, and waits for a message type with a deadline. Used by the channel tests.
 */
import WebSocket from "ws";
import type { AdminServerMessage } from "../../contracts/realtime.js";

export interface ReceivedMessage {
  message: AdminServerMessage;
  at: number;
}

export interface AdminSocketClient {
  socket: WebSocket;
  received: ReceivedMessage[];
  /** Resolves with the first message of that type (matching `where`) arriving after `since`, or rejects at the deadline. */
  next<T extends AdminServerMessage["type"]>(
    type: T,
    deadlineMs: number,
    where?: (m: Extract<AdminServerMessage, { type: T }>) => boolean,
    since?: number,
  ): Promise<{ message: Extract<AdminServerMessage, { type: T }>; at: number }>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Opens the socket; rejects with the HTTP status when the upgrade is refused. */
export function connectAdminSocket(baseUrl: string, cookie?: string, origin?: string): Promise<AdminSocketClient> {
  const url = `${baseUrl.replace(/^http/, "ws")}/ws-admin`;
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (origin) headers.origin = origin;
  const socket = new WebSocket(url, { headers });
  const received: ReceivedMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on("message", (data) => {
    received.push({ message: JSON.parse(String(data)) as AdminServerMessage, at: performance.now() });
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );

  const client: AdminSocketClient = {
    socket,
    received,
    closed,
    next(type, deadlineMs, where = () => true, since = -Infinity) {
      type Wanted = Extract<AdminServerMessage, { type: typeof type }>;
      const find = () =>
        received.find((r) => r.at >= since && r.message.type === type && where(r.message as Wanted)) as
          { message: Wanted; at: number } | undefined;
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = find();
          if (!hit) return;
          cleanup();
          resolve(hit);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(`no ${type} within ${deadlineMs} ms; got ${JSON.stringify(received.map((r) => r.message))}`),
          );
        }, deadlineMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      socket.close();
    },
  };

  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(client));
    socket.once("unexpected-response", (_req, res) => {
      reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode }));
      socket.terminate();
    });
    socket.once("error", reject);
  });
}
