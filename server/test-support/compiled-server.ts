/**
 * The production build as tests meet it: scripts/build-server.mjs compiles the server into a
 * temporary folder (with node_modules linked beside it, as in a deployed tree, and a stand-in
 * web build), and `node <folder>/server/<entry>.js` runs it as its own process: plain Node, no
 * tsx, no loader flags. Servers listen on port 0; the address is read from the ready line.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The stand-in web build's page says this, so a test knows the page came from the build folder. */
export const WEB_MARKER = "compiled-build-test-page";

export interface CompiledBuild {
  dir: string;
  remove(): void;
}

export function buildCompiledServer(): CompiledBuild {
  const dir = mkdtempSync(join(tmpdir(), "agentdesk-dist-"));
  execFileSync(process.execPath, [join(REPO_ROOT, "scripts/build-server.mjs"), "--out", dir], { stdio: "pipe" });
  // Packages resolve from the nearest node_modules up the tree, as they would in a deployment.
  symlinkSync(join(REPO_ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  mkdirSync(join(dir, "web"));
  writeFileSync(join(dir, "web", "index.html"), `<!doctype html><title>AgentDesk</title><p>${WEB_MARKER}</p>`);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface NodeProcess {
  /** http://127.0.0.1:{port} */
  base: string;
  pid: number;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the first line printed from now on (or already printed after `from`) that matches. */
  waitForLine(pattern: RegExp, deadlineMs: number, from?: number): Promise<string>;
  /** Ids of the processes it started (cluster workers, or an esbuild service if anything started one). */
  childPids(): number[];
  /** SIGTERM, and the exit code once it has exited. */
  stop(): Promise<number | null>;
}

/** How long a start may take on a loaded machine before the test reports a hang. */
const START_DEADLINE_MS = 150_000;

/**
 * Runs `node <entry>` with only `env` (plus PATH and HOME) and resolves once a line matches
 * `ready` and names the port.
 */
export async function startNodeProcess(
  entry: string,
  env: Record<string, string>,
  ready: RegExp = /AgentDesk ready on/,
): Promise<NodeProcess> {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  function waitForLine(pattern: RegExp, deadlineMs: number, from = output.length): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const line = output
          .slice(from)
          .split("\n")
          .find((l) => pattern.test(l));
        if (line === undefined) return false;
        done();
        resolve(line);
        return true;
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no line matching ${pattern} within ${deadlineMs} ms:\n${output.slice(-4000)}`));
      }, deadlineMs);
      const onExit = () => {
        if (check()) return;
        done();
        reject(new Error(`process exited before printing ${pattern}:\n${output.slice(-4000)}`));
      };
      const done = () => {
        clearTimeout(timer);
        listeners.delete(listener);
        child.off("exit", onExit);
      };
      const listener = () => void check();
      if (check()) return;
      listeners.add(listener);
      child.once("exit", onExit);
    });
  }

  const line = await waitForLine(ready, START_DEADLINE_MS, 0);
  const port = Number(/https?:\/\/[^\s"/]+:(\d+)/.exec(line)?.[1] ?? 0);
  if (!port) throw new Error(`no port in the ready line: ${line}`);
  const pid = child.pid ?? 0;
  return {
    base: `http://127.0.0.1:${port}`,
    pid,
    child,
    output: () => output,
    waitForLine,
    childPids() {
      try {
        return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map(Number);
      } catch {
        return [];
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
