import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { untilDelivered } from "./until-delivered.js";

/** More than the loopback socket and both stream buffers hold, so an unread response backs up. */
const BODY_BYTES = 32 * 1024 * 1024;

const nextIoTurn = () => new Promise((resolve) => setImmediate(resolve));

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

/** A server that streams BODY_BYTES through a PassThrough (as the voice turn does) and hands its side to the test. */
async function streamingServer(): Promise<{
  url: string;
  served: Promise<{ body: PassThrough; res: ServerResponse }>;
}> {
  let handOver!: (side: { body: PassThrough; res: ServerResponse }) => void;
  const served = new Promise<{ body: PassThrough; res: ServerResponse }>((resolve) => (handOver = resolve));
  server = createServer((_req, res) => {
    const body = new PassThrough();
    res.writeHead(200, { "content-type": "application/octet-stream" });
    body.pipe(res);
    body.end(Buffer.alloc(BODY_BYTES, 1));
    handOver({ body, res });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, served };
}

/** Opens the response without reading it: its bytes back up into the server's buffers. */
function openUnread(url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, (res) => {
      res.pause();
      resolve(res);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Waits (turn by turn of the event loop, no timer) until the response cannot take more. */
async function untilBackedUp(res: ServerResponse): Promise<void> {
  while (!res.socket?.writableNeedDrain) await nextIoTurn();
}

describe("untilDelivered", () => {
  it("waits while the client has not read what was sent, and resolves once everything has left", async () => {
    const { url, served } = await streamingServer();
    const client = await openUnread(url);
    const { body, res } = await served;
    await untilBackedUp(res);

    let resolved = false;
    const delivered = untilDelivered(body, res, 60_000).then(() => (resolved = true));
    for (let turn = 0; turn < 20; turn++) await nextIoTurn();
    expect(resolved).toBe(false);

    let received = 0;
    client.on("data", (chunk: Buffer) => (received += chunk.length));
    const ended = new Promise((resolve) => client.on("end", resolve));
    client.resume();
    await delivered;
    expect(body.readableLength).toBe(0);
    expect(res.writableLength).toBe(0);
    await ended;
    expect(received).toBe(BODY_BYTES);
  });

  it("resolves when the client goes away without reading", async () => {
    const { url, served } = await streamingServer();
    const client = await openUnread(url);
    const { body, res } = await served;
    await untilBackedUp(res);

    const delivered = untilDelivered(body, res, 60_000);
    client.destroy();
    await delivered;
    expect(res.destroyed).toBe(true);
  });

  it("gives up after its longest wait when the client stops reading", async () => {
    const { url, served } = await streamingServer();
    await openUnread(url);
    const { body, res } = await served;
    await untilBackedUp(res);

    await untilDelivered(body, res, 50);
    expect(res.writableLength).toBeGreaterThan(0);
  });
});
