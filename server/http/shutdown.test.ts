/**
 * SIGTERM on the real server process: stop accepting, let the stream in flight finish, close
 * the pools and exit promptly. Spawns `server/main.ts` on PORT=0 with embedded PGlite.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";

interface RunningServer {
  child: ChildProcess;
  url: string;
  /** Everything the server logged, for failure messages. */
  output: string[];
  exited: Promise<{ code: number | null; at: number }>;
}

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once("exit", (code) => resolve({ code, at: Date.now() })),
  );
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      output.push(line);
      const ready = /ready on (http:\/\/localhost:\d+)/.exec(line);
      if (ready) resolve(ready[1].replace("localhost", "127.0.0.1"));
    });
    void exited.then(({ code }) => reject(new Error(`server exited early (${code})`)));
  });
  return { child, url, output, exited };
}

function refusesConnections(url: string): Promise<boolean> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

describe("shutting down on SIGTERM", () => {
  let dataDir: string | undefined;
  let provider: FakeOpenAi | undefined;
  let server: RunningServer | undefined;
  afterEach(async () => {
    if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
    await provider?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    server = provider = dataDir = undefined;
  });

  it("stops accepting, lets the stream in flight finish, then exits promptly", { timeout: 180_000 }, async () => {
    dataDir = mkdtempSync(join(tmpdir(), "agentdesk-shutdown-"));
    provider = await startFakeOpenAi();
    provider.setBehaviour({ replyText: "One. Two. Three.", chunkCount: 3, holdAfterChunks: 1 });
    server = await startServer({ DATA_DIR: dataDir, LLM_BASE_URL: provider.url, LLM_API_KEY: "k" });
    const { url } = server;

    const signup = await fetch(`${url}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "owner@example.com",
        password: "secret123",
        fullName: "Owner",
        companyName: "Acme",
        phoneNumber: "1",
        address: "1 Road",
      }),
    });
    expect(signup.status).toBe(201);
    const login = await fetch(`${url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "owner@example.com", password: "secret123" }),
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    const agent = await fetch(`${url}/api/agents`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ name: "Ava", gender: "female" }),
    });
    const { id: agentId } = (await agent.json()) as { id: string };

    const stream = await fetch(`${url}/api/chat/${agentId}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", cookie },
      body: JSON.stringify({ message: "Count to three" }),
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    // The provider holds after its first delta: the stream is in flight.
    while (!text.includes("event: delta")) {
      const { value, done } = await reader.read();
      if (done) {
        server.child.kill("SIGTERM");
        await server.exited;
        throw new Error(`the stream ended before its first delta: ${text}\n${server.output.join("\n")}`);
      }
      text += decoder.decode(value);
    }

    server.child.kill("SIGTERM");
    // Stops accepting: the listening socket closes while the stream is still open.
    let refused = false;
    for (let attempt = 0; attempt < 200 && !refused; attempt++) refused = await refusesConnections(url);
    expect(refused).toBe(true);

    provider.release();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    const streamEnded = Date.now();
    expect(text).toContain("event: done");
    expect(text).toContain("Three.");

    const { code, at } = await server.exited;
    expect(code).toBe(0);
    // Generous on a busy machine; it took 7–17 s before connections and pools were closed deliberately.
    expect(at - streamEnded).toBeLessThan(5_000);
  });
});
