/**
 * A TCP proxy in front of a database that can turn into a black hole: connections are still
 * accepted but nothing is forwarded or answered, as when a network partition or a half-dead
 * host swallows packets. Unlike a stopped server (connection refused at once), this is the
 * fault that makes clients hang unless they bound their waits.
 */
import { connect, createServer, type AddressInfo, type Socket } from "node:net";

export interface BlackholeProxy {
  port: number;
  /** Drops every open connection and from now on accepts new ones without ever answering. */
  swallow(): void;
  /** Drops the swallowed connections (their owners see them close) and forwards again. */
  restore(): void;
  close(): Promise<void>;
}

export async function startBlackholeProxy(target: { host: string; port: number }): Promise<BlackholeProxy> {
  let swallowing = false;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => socket.destroy());
  };

  const server = createServer((client) => {
    track(client);
    if (swallowing) return; // accepted, never answered
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });

  const dropAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    port: (server.address() as AddressInfo).port,
    swallow() {
      swallowing = true;
      dropAll();
    },
    restore() {
      swallowing = false;
      dropAll();
    },
    close() {
      dropAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
