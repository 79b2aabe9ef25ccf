/**
 * The real server as its own process (server/main.ts), for faults that need a process to die:
 * it listens on a free port (PORT=0) and the address is read from its log. Node runs tsx as
 * an import hook rather than through the tsx CLI, so the process we kill is the server itself,
 * not a wrapper that would leave it running.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SERVER_ENTRY = "server/main.ts";

export interface SpawnedServer {
  /** http://127.0.0.1:{port} */
  base: string;
  /** SIGKILL: no shutdown hook, no flush, as when the machine or the OOM killer ends it. */
  killHard(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** Everything it printed, for failure messages. */
  output(): string;
}

/** Environment for the server: only what is given, so nothing from the test runner leaks in. */
export async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const port = await new Promise<number>((resolve, reject) => {
    let pending = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const found = listeningPort(line);
        if (found) resolve(found);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code, signal) => {
      reject(new Error(`server exited before listening (${code ?? signal}):\n${output}`));
    });
  });

  return {
    base: `http://127.0.0.1:${port}`,
    async killHard() {
      child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
    output: () => output,
  };
}

/**
 * The port from a log line announcing the listening address: the app's own ready line when
 * it names the real port, else Fastify's "Server listening at". A line naming port 0 (the
 * port asked for, not the one given) is skipped.
 */
export function listeningPort(line: string): number | null {
  if (!/listening|ready/i.test(line)) return null;
  for (const match of line.matchAll(/https?:\/\/[^\s"/]+:(\d+)/g)) {
    const port = Number(match[1]);
    if (port > 0) return port;
  }
  return null;
}
