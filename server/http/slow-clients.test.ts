import { connect, type Socket } from "node:net";
import { afterEach, expect, it } from "vitest";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";

/** Resolves when the server has closed the socket (or it errored), with what the server sent. */
function closed(socket: Socket): Promise<string> {
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString()));
  return new Promise((resolve) => socket.once("close", () => resolve(received)));
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

describeEachEngine("slow and greedy clients", (engine) => {
  let t: TestApp | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await t?.close();
    t = undefined;
  });

  async function listen(env: Record<string, string>): Promise<number> {
    t = await startTestApp(engine, { env });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    return address.port;
  }

  it("a client that never finishes its headers is dropped while others are served", async () => {
    // The deadline under test is configuration; it is short here so the test is quick, and
    // nothing races it: the slow clients never finish, whatever the machine's load.
    const port = await listen({ HTTP_HEADERS_TIMEOUT_MS: "300" });
    const slow = await Promise.all(Array.from({ length: 20 }, () => open(port)));
    sockets.push(...slow);
    const dropped = slow.map((s) => {
      s.write("GET /api/auth/user HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
      return closed(s);
    });
    const served = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(served.status).toBe(200);
    const answers = await Promise.all(dropped);
    // Node answers a headers timeout with 408 (or just closes); either way the socket is gone.
    for (const answer of answers) expect(answer === "" || answer.startsWith("HTTP/1.1 408")).toBe(true);
  });

  it("one address may hold only so many connections; the rest are refused at once", async () => {
    const port = await listen({ MAX_CONNECTIONS_PER_ADDRESS: "5" });
    const held = await Promise.all(Array.from({ length: 5 }, () => open(port)));
    sockets.push(...held);
    // The held sockets are accepted: each can still make a request.
    held[0].write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const answer = await new Promise<string>((resolve) => held[0].once("data", (c) => resolve(c.toString())));
    expect(answer).toMatch(/^HTTP\/1.1 200/);

    const extra = await open(port);
    sockets.push(extra);
    expect(await closed(extra)).toBe("");

    held[1].destroy();
    // The slot frees once the server has seen that socket close; each refused try is immediate.
    let status = 0;
    for (let attempt = 0; attempt < 100 && status !== 200; attempt++) {
      status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status,
        () => 0,
      );
    }
    expect(status).toBe(200);
  });
});
