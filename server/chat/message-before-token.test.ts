/**
 * The "nothing typed is lost" rule at the wire: no token of a reply reaches the client before
 * the user's message is committed, however the turn overlaps the model call with the write.
 *
 * The model answers at once (a local server that streams its whole reply the moment it is
 * asked); PostgreSQL is slowed at the wire by a TCP proxy that holds, on the app's connection,
 * every byte from the statement carrying the message onward, so the write cannot commit until
 * the test lets it. PostgreSQL only: PGlite runs in-process and has no wire to slow.
 *
 * When is the write let go? Once the model has streamed its whole reply and the event loop has
 * turned a few times (enough for any token the app relays early to reach the client), or, when
 * the app waits for the write before it asks the model at all, after PARALLEL_START_WAIT_MS with
 * no model call. That bound only decides how long a sequential turn keeps the test waiting: an
 * app that leaked a token would be caught as long as its model call came within it.
 */
import { randomUUID } from "node:crypto";
import { createServer, request as httpRequest, type Server } from "node:http";
import { connect, createServer as createTcpServer, type AddressInfo, type Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSseFrames } from "../../contracts/chat-sse.js";
import { openDatabase, type Database } from "../db/connect.js";
import { createOpenAiCompatibleLlm } from "../providers/llm/openai-compatible-llm.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { startTestApp, type TestApp } from "../test-support/test-app.js";
import { createTestPostgresDatabase } from "../test-support/postgres-database.js";
import { makeAgent } from "./chat-test-support.js";

const PARALLEL_START_WAIT_MS = 2_000;
const REPLY_PIECES = ["Stored ", "before ", "streamed."];

describe.skipIf(!process.env.TEST_DATABASE_URL)("a turn against a slow database and an instant model", () => {
  let pgDb: { url: string; drop(): Promise<void> };
  let proxy: HoldingProxy;
  let database: Database;
  let model: InstantModel;
  let t: TestApp;
  let base: string;
  let user: MadeUser;
  let agentId: string;

  beforeAll(async () => {
    pgDb = await createTestPostgresDatabase();
    const target = new URL(pgDb.url);
    proxy = await startHoldingProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const throughProxy = new URL(pgDb.url);
    throughProxy.hostname = "127.0.0.1";
    throughProxy.port = String(proxy.port);
    database = await openDatabase({ url: throughProxy.toString() });
    model = await startInstantModel(REPLY_PIECES);
    const llm = createOpenAiCompatibleLlm({
      baseUrl: model.url,
      model: "instant",
      timeoutMs: 30_000,
      firstByteTimeoutMs: 30_000,
    });
    t = await startTestApp("postgres", { database, overrides: { llm } });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    user = await makeUser(t);
    agentId = await makeAgent(t, user);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await proxy?.close();
    await model?.close();
    await pgDb?.drop();
  });

  it("sends no token to the client before the user's message is committed", async () => {
    const message = `Is this kept? ${randomUUID()}`;
    const order: string[] = [];
    let storedWhenFirstTokenArrived: Promise<boolean> | null = null;
    const held = proxy.holdFrom(Buffer.from(message));
    const answer = streamChatRaw(base, user, agentId, message, (soFar) => {
      if (storedWhenFirstTokenArrived || !soFar.includes("event: delta")) return;
      order.push("first token at the client");
      // Read straight from PostgreSQL, not through the proxy: a row another session sees is committed.
      storedWhenFirstTokenArrived = isUserMessageStored(pgDb.url, message);
    });

    await held;
    order.push("message write held");
    let askedWhileHeld = false;
    void model.answered.then(() => {
      if (!order.includes("message write released")) askedWhileHeld = true;
    });
    let giveUp: NodeJS.Timeout | undefined;
    await Promise.race([
      model.answered.then(() => eventLoopTurns(5)),
      new Promise((resolve) => (giveUp = setTimeout(resolve, PARALLEL_START_WAIT_MS))),
    ]);
    clearTimeout(giveUp);
    order.push("message write released");
    proxy.release();

    const body = await answer;
    expect(order).toEqual(["message write held", "message write released", "first token at the client"]);
    expect(await storedWhenFirstTokenArrived).toBe(true);
    // The turn's design (turn.ts): the model is asked beside the write, not after it.
    expect(askedWhileHeld).toBe(true);
    const frames = parseSseFrames(body).frames;
    expect(frames.map((f) => f.event)).toEqual(["conversation", "delta", "delta", "delta", "done"]);
  });
});

async function isUserMessageStored(url: string, content: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select 1 from messages where role = 'user' and content = $1", [content]);
    return rows.length === 1;
  } finally {
    await client.end();
  }
}

/** A few passes of the event loop: each reads whatever loopback sockets became readable in the last. */
async function eventLoopTurns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Posts a streamed chat over a raw socket, so every chunk is seen the moment it arrives; resolves with the whole body. */
function streamChatRaw(
  base: string,
  user: MadeUser,
  agentId: string,
  message: string,
  onChunk: (soFar: string) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/api/chat/${agentId}`, {
      method: "POST",
      headers: { cookie: user.cookie, "content-type": "application/json", accept: "text/event-stream" },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
        onChunk(body);
      });
      res.on("end", () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${res.statusCode}: ${body}`))));
    });
    req.on("error", reject);
    req.end(JSON.stringify({ message, conversationId: null }));
  });
}

interface InstantModel {
  url: string;
  /** Resolves once a whole reply has been written to the app. */
  answered: Promise<void>;
  close(): Promise<void>;
}

/** An OpenAI-compatible server that streams its whole reply the moment it is asked. */
async function startInstantModel(pieces: string[]): Promise<InstantModel> {
  let markAnswered = () => undefined as void;
  const answered = new Promise<void>((resolve) => (markAnswered = resolve));
  const chunk = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({ object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      const sse = pieces.map((content) => chunk({ content }, null)).join("") + chunk({}, "stop") + "data: [DONE]\n\n";
      res.end(sse, () => markAnswered());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    answered,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

interface HoldingProxy {
  port: number;
  /**
   * From the first client packet containing `marker` on, that connection's bytes to the
   * database are held back; resolves when that happens.
   */
  holdFrom(marker: Buffer): Promise<void>;
  /** Sends what was held and lets everything through again. */
  release(): void;
  close(): Promise<void>;
}

/** A TCP proxy in front of PostgreSQL that can hold one connection's statements at the wire. */
async function startHoldingProxy(target: { host: string; port: number }): Promise<HoldingProxy> {
  const sockets = new Set<Socket>();
  let marker: Buffer | null = null;
  let onHeld: (() => void) | null = null;
  let held: { upstream: Socket; bytes: Buffer[] } | null = null;

  const server = createTcpServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    upstream.pipe(client);
    // A marker split across two packets is still found: the previous packet's tail is searched too.
    let tail: Buffer = Buffer.alloc(0);
    client.on("data", (data: Buffer) => {
      if (held?.upstream === upstream) return void held.bytes.push(data);
      if (marker && Buffer.concat([tail, data]).includes(marker)) {
        held = { upstream, bytes: [data] };
        marker = null;
        onHeld?.();
        return;
      }
      tail = data.subarray(Math.max(0, data.length - 256));
      upstream.write(data);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    port: (server.address() as AddressInfo).port,
    holdFrom(wanted) {
      marker = wanted;
      return new Promise((resolve) => (onHeld = resolve));
    },
    release() {
      const current = held;
      held = null;
      for (const bytes of current?.bytes ?? []) current?.upstream.write(bytes);
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
