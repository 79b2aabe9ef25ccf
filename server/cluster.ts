/**
 * Several server processes on one machine, sharing one port: `node dist/server/cluster.js`
 * (`npm run start:cluster`). This primary only supervises; each worker is the ordinary
 * server (main.ts), and Node's cluster module hands each new connection to the next worker in
 * turn. Everything the workers share lives in PostgreSQL — sessions, locks, quotas — and what
 * they must hear from each other (admin events, session revocations) crosses through its
 * LISTEN/NOTIFY, exactly as between machines; so the cluster needs DATABASE_URL (PGlite
 * belongs to one process).
 *
 * CLUSTER_WORKERS sets the count (default: one per core). The first worker starts alone, so
 * that it applies any pending migrations before the others open the database. A worker that
 * dies while the cluster starts stops it (its configuration or database is wrong, and the
 * others would fail the same way); one that dies later is replaced, and a replacement that
 * cannot start is tried again with a growing pause, while the others serve. SIGTERM or SIGINT is
 * passed on to every worker, each finishes its in-flight requests (SHUTDOWN_GRACE_MS), and
 * the primary exits when the last one has.
 */
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

/** Lines shaped like the workers' pino logs, so one log pipeline reads both. */
function log(level: "info" | "error", msg: string): void {
  const line = { level: level === "info" ? 30 : 50, time: Date.now(), pid: process.pid, msg };
  (level === "info" ? process.stdout : process.stderr).write(JSON.stringify(line) + "\n");
}

function workerCount(): number {
  const raw = process.env.CLUSTER_WORKERS;
  if (raw === undefined || raw === "") return availableParallelism();
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1) {
    log("error", `CLUSTER_WORKERS must be a whole number of at least 1, not "${raw}"`);
    process.exit(1);
  }
  return count;
}

if (!process.env.DATABASE_URL) {
  log("error", "a cluster needs DATABASE_URL (one PostgreSQL for every worker); PGlite serves one process only");
  process.exit(1);
}

const count = workerCount();
// Workers run the server entry beside this file: main.ts under tsx (they inherit its --import),
// main.js when compiled.
const entry = new URL(import.meta.url.endsWith(".ts") ? "./main.ts" : "./main.js", import.meta.url);
cluster.setupPrimary({ exec: fileURLToPath(entry) });

const listening = new WeakSet<Worker>();
let started = false;
let shuttingDown = false;
let exitCode = 0;
/** Pause before the next replacement, after one that could not start (reset by one that did). */
let retryMs = 0;
const RETRY_MAX_MS = 30_000;

function fork(): Promise<string> {
  const worker = cluster.fork();
  return new Promise((resolve) =>
    worker.once("listening", (address) => {
      listening.add(worker);
      retryMs = 0;
      resolve(`http://localhost:${address.port}`);
    }),
  );
}

cluster.on("exit", (worker, code, signal) => {
  const how = signal ?? `code ${code}`;
  if (shuttingDown) {
    if (code) exitCode = 1;
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      log("info", "cluster stopped");
      process.exit(exitCode);
    }
    return;
  }
  if (!started) {
    log("error", `worker ${worker.process.pid} exited (${how}) while the cluster started; stopping it`);
    shutdown(1);
    return;
  }
  if (listening.has(worker)) {
    log("error", `worker ${worker.process.pid} exited (${how}); starting a replacement`);
    void fork();
    return;
  }
  retryMs = Math.min(Math.max(retryMs * 2, 1_000), RETRY_MAX_MS);
  log(
    "error",
    `replacement worker ${worker.process.pid} exited (${how}) before it listened; next try in ${retryMs} ms`,
  );
  setTimeout(() => {
    if (!shuttingDown) void fork();
  }, retryMs);
});

function shutdown(code: number): void {
  if (shuttingDown) return;
  shuttingDown = true;
  exitCode = code;
  const workers = Object.values(cluster.workers ?? {});
  if (workers.length === 0) process.exit(exitCode);
  // Each worker's own SIGTERM handler finishes in-flight requests and exits (main.ts).
  for (const worker of workers) worker?.process.kill("SIGTERM");
}
process.on("SIGTERM", () => shutdown(0));
process.on("SIGINT", () => shutdown(0));

const url = await fork();
await Promise.all(Array.from({ length: count - 1 }, fork));
started = true;
if (!shuttingDown) log("info", `AgentDesk cluster ready on ${url} (${count} workers)`);
