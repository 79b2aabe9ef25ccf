/**
 * The runner's side of a server process for the journeys: spawns a TypeScript entry under tsx,
 * waits for the line that says where it listens (server-ready.ts) and stops it again.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { runOutputDir } from "./run-output-dir.js";
import { READY_LINE_PREFIX } from "./server-ready.js";

/**
 * Only a bound on a start that hangs (a crash is reported at once), far above a real start: on
 * two busy cores seven servers starting together took a minute; at a load average of 35 (eight
 * test runs sharing two cores) one PGlite app alone took 170-200 s for ~25 s of CPU, and a
 * 300 s bound failed a whole journey run.
 */
const START_LIMIT_MS = 600_000;
const STOP_LIMIT_MS = 10_000;

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

export async function startServerProcess(name: string, entry: string, args: string[]): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", entry, ...args], {
    cwd: repoRoot,
    stdio: ["pipe", "pipe", "pipe"],
  });
  // Its stderr is worth reading when a journey fails, so it goes to the runner's; its stdout (the
  // log at warn and above: a reply that failed, a request that threw) is kept beside the run's
  // traces, in servers/NAME.log, for the journey that failed without saying why.
  createInterface({ input: child.stderr! }).on("line", (line) => process.stderr.write(`[${name}] ${line}\n`));
  const stdout = createInterface({ input: child.stdout! });
  const logDir = join(runOutputDir(), "servers");
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(join(logDir, `${name.replace(/\W+/g, "-")}.log`), { flags: "a" });
  stdout.on("line", (line) => log.write(`${line}\n`));
  child.once("exit", () => log.end());
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const limit = setTimeout(
        () => reject(new Error(`${name} did not say where it listens within ${START_LIMIT_MS / 1000} s`)),
        START_LIMIT_MS,
      );
      stdout.on("line", (line) => {
        if (!line.startsWith(READY_LINE_PREFIX)) return;
        clearTimeout(limit);
        resolve(line.slice(READY_LINE_PREFIX.length).trim());
      });
      child.once("error", (error) => {
        clearTimeout(limit);
        reject(error);
      });
      child.once("exit", (code, signal) => {
        clearTimeout(limit);
        reject(new Error(`${name} exited (${code ?? signal}) before it was listening`));
      });
    });
    return { url, stop: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const limit = setTimeout(() => child.kill("SIGKILL"), STOP_LIMIT_MS);
  await exited;
  clearTimeout(limit);
}
