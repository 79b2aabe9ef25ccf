/**
 * The servers under load, each its own process so that the client's work never shares their
 * event loop. Their CPU time and resident memory are read from /proc (Linux), the same way for
 * the app and for both baselines, without any help from the server itself.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** How long a server may take to start on a loaded machine before the run gives up. */
const START_DEADLINE_MS = 120_000;
const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

export interface ServerProcess {
  name: string;
  url: string;
  /** The process started; a cluster's primary. CPU and RSS cover it and every process it started. */
  pid: number;
  /** For servers started with `ipc`: messages to and from a probe loaded into them. */
  child: ChildProcess;
  /** User + system CPU time the process has used so far, in ms (1/CLK_TCK resolution). */
  cpuMs(): number;
  rssMb(): number;
  stop(): Promise<void>;
}

/** A port nobody is listening on right now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** `pid` and its descendants (a cluster's workers), as far as /proc still shows them. */
function processTree(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return [pid, ...children.flatMap(processTree)];
}

function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name, which sits in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Starts `node <args>` in the repository with `env`, on a port picked here, and waits until
 * `readyPath` answers 200. Its stdout (request logs, if any) is discarded; stderr is kept to
 * explain a server that dies. With `ipc`, the child has an IPC channel (for a probe loaded
 * with --import, such as bench/streams/loop-probe.mjs); with `readyLine`, it is ready once it
 * has also printed a line matching it (the cluster's "ready" after all its workers).
 */
export async function startServer(
  name: string,
  args: string[],
  env: Record<string, string>,
  readyPath = "/healthz",
  options: { ipc?: boolean; readyLine?: RegExp } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: new URL("../..", import.meta.url),
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", options.readyLine ? "pipe" : "ignore", "pipe", ...(options.ipc ? ["ipc" as const] : [])],
  });
  // A cluster answers as soon as its first worker listens; it is ready when it says so.
  let sawReadyLine = !options.readyLine;
  child.stdout?.on("data", (chunk: Buffer) => {
    if (options.readyLine?.test(chunk.toString())) sawReadyLine = true;
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited: string | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exited = `${name} exited (${code ?? signal})\n${stderr}`;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(exited);
    if (Date.now() - started > START_DEADLINE_MS) {
      child.kill("SIGKILL");
      throw new Error(`${name} did not answer ${readyPath} within ${START_DEADLINE_MS} ms\n${stderr}`);
    }
    const ok = await fetch(url + readyPath).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok && sawReadyLine) break;
    await new Promise((resolve) => setTimeout(resolve, 200)); // polling another process's start-up
  }
  const pid = child.pid ?? 0;
  return {
    name,
    url,
    pid,
    child,
    cpuMs: () => processTree(pid).reduce((sum, p) => sum + cpuMsOf(p), 0),
    rssMb: () => processTree(pid).reduce((sum, p) => sum + rssMbOf(p), 0),
    async stop() {
      if (exited) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exit;
      clearTimeout(killer);
    },
  };
}
