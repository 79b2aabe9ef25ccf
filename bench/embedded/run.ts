/**
 * The embedded default's weight (`npx tsx bench/embedded/run.ts`). The production build
 * (scripts/build-server.mjs into a folder of this run's own) started as `npm start` starts it,
 * on PGlite under a new DATA_DIR, and measured from outside: time from spawn to the first 200
 * on /healthz ("ready") and resident memory (/proc/PID/status VmRSS) once it has idled long
 * enough for its idle collection (server/runtime/idle-memory.ts) to have run. Each run starts
 * fresh (initdb and every migration), restarts on the same DATA_DIR after a SIGTERM, and
 * restarts again after a SIGKILL (crash recovery); figures are medians of BENCH_RUNS runs.
 * Then reads: the same signed-in GETs through the app on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL), alternated, and the ratio of their throughput.
 *
 *   npx tsx bench/embedded/run.ts [--no-reads]   (BENCH_RUNS=3 BENCH_SETTLE_S=22 BENCH_DURATION_S=10)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { buildCompiledServer } from "../../server/test-support/compiled-server.js";
import { createTestPostgresDatabase } from "../../server/test-support/postgres-database.js";
import { median, runAutocannon, type LoadUser } from "../load/measure.js";
import { freePort } from "../load/server-process.js";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const RUNS = env("BENCH_RUNS", 3);
/** Two of the idle collector's 10 s checks: the first quiet one collects. */
const SETTLE_S = env("BENCH_SETTLE_S", 22);
const READ_DURATION_S = env("BENCH_DURATION_S", 10);
const READ_WARMUP_S = env("BENCH_WARMUP_S", 3);
const READ_CONNECTIONS = env("BENCH_CONNECTIONS", 10);
const START_DEADLINE_MS = 180_000;
const GOAL = { idleRssMb: 200, restartReadyMs: 5_000, readRatio: 0.6 };
const SECRET = "bench-secret-bench-secret-bench-secret";
const READS = !process.argv.includes("--no-reads");
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";

interface Started {
  url: string;
  child: ChildProcess;
  readyMs: number;
  rssMb(): number;
  stop(signal: "SIGTERM" | "SIGKILL"): Promise<void>;
}

const rssMbOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** `node <entry>` with only `extraEnv` (no inherited DATABASE_URL), ready at its first 200 on /healthz. */
async function startApp(entry: string, extraEnv: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      PORT: String(port),
      HOST: "127.0.0.1",
      SESSION_SECRET: SECRET,
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the app exited:\n${stderr}`);
    if (performance.now() - started > START_DEADLINE_MS) {
      child.kill("SIGKILL");
      throw new Error(`the app was not ready within ${START_DEADLINE_MS} ms:\n${stderr}`);
    }
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 25)); // polling another process's start-up
  }
  const readyMs = performance.now() - started;
  const pid = child.pid ?? 0;
  return {
    url,
    child,
    readyMs,
    rssMb: () => rssMbOf(pid),
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
const f = (n: number, digits = 0) => n.toFixed(digits);

interface Sample {
  readyMs: number;
  rssMb: number;
}

/** Starts, idles SETTLE_S, reads RSS, stops with `stopWith`. */
async function sample(entry: string, dataDir: string, stopWith: "SIGTERM" | "SIGKILL"): Promise<Sample> {
  const app = await startApp(entry, { DATA_DIR: dataDir });
  await settle();
  const rssMb = app.rssMb();
  await app.stop(stopWith);
  return { readyMs: app.readyMs, rssMb };
}

async function post(url: string, body: object, cookie?: string): Promise<Response> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`POST ${url} → ${res.status}: ${await res.text()}`);
  return res;
}

/** The instance's first account (its owner, approved at once) with five agents, signed in. */
async function seedOwner(appUrl: string): Promise<LoadUser> {
  const account = { email: "owner@example.com", password: "bench-password" };
  await post(`${appUrl}/api/signup`, {
    ...account,
    fullName: "Bench Owner",
    companyName: "Bench Company",
    phoneNumber: "+1 555 0100",
    address: "1 Loopback Road",
  });
  const login = await post(`${appUrl}/api/login`, account);
  const cookie = (login.headers.getSetCookie().find((c) => c.startsWith("sid=")) ?? "").split(";")[0];
  let agentId = "";
  for (let i = 0; i < 5; i++) {
    const created = await post(
      `${appUrl}/api/agents`,
      { name: `Agent ${i}`, gender: "female", role: "Support", customPrompt: "Answer briefly." },
      cookie,
    );
    agentId ||= ((await created.json()) as { id: string }).id;
  }
  return { cookie, agentId, conversationId: "" };
}

const READ_PATHS = ["/api/auth/user", "/api/agents"];

/**
 * Reads alone, and reads with one write in every ten requests (an agent's description saved): on
 * PGlite the read cache answers repeated reads until the next write (decision 173), so the
 * second is the figure a team working in the app sees, the first the best case.
 */
type Mix = "reads" | "with writes";
const MIXES: Mix[] = ["reads", "with writes"];
const WRITE_EVERY = 10;

function cycleOf(mix: Mix) {
  return (u: LoadUser) => {
    const read = (path: string) => ({ method: "GET", path, headers: { cookie: u.cookie } });
    if (mix === "reads") return READ_PATHS.map(read);
    const requests = Array.from({ length: WRITE_EVERY - 1 }, (_, i) => read(READ_PATHS[i % READ_PATHS.length]!));
    let saved = 0;
    requests.push({
      method: "PATCH",
      path: `/api/agents/${u.agentId}`,
      headers: { cookie: u.cookie, "content-type": "application/json" },
      // autocannon takes a function for a body that changes with each request.
      setupRequest: (request: Record<string, unknown>) => ({
        ...request,
        body: JSON.stringify({ description: `Saved ${++saved} times` }),
      }),
    } as never);
    return requests;
  };
}

async function requestsPerSecond(app: Started, user: LoadUser, mix: Mix): Promise<number> {
  await runAutocannon(app.url, cycleOf(mix), [user], READ_CONNECTIONS, READ_WARMUP_S);
  const result = await runAutocannon(app.url, cycleOf(mix), [user], READ_CONNECTIONS, READ_DURATION_S);
  if (result.non2xx || result.errors)
    throw new Error(`${mix} failed: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.total / result.duration;
}

const build = buildCompiledServer();
const entry = `${build.dir}/server/main.js`;
const dataDirs: string[] = [];
try {
  console.log(
    `load average at start: ${loadavg()
      .map((n) => f(n, 2))
      .join(" ")}`,
  );
  console.log(`${RUNS} runs, RSS read after ${SETTLE_S} s idle; entry ${entry}\n`);
  const fresh: Sample[] = [];
  const restart: Sample[] = [];
  const crash: Sample[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const dataDir = mkdtempSync(join(tmpdir(), "agentdesk-bench-embedded-"));
    dataDirs.push(dataDir);
    fresh.push(await sample(entry, dataDir, "SIGTERM"));
    restart.push(await sample(entry, dataDir, "SIGKILL"));
    crash.push(await sample(entry, dataDir, "SIGTERM"));
    const show = (label: string, s: Sample) => `${label} ready ${f(s.readyMs).padStart(6)} ms, idle ${f(s.rssMb)} MB`;
    console.log(
      `run ${run}  ${show("fresh", fresh.at(-1)!)}  ·  ${show("restart", restart.at(-1)!)}  ·  ` +
        `${show("after SIGKILL", crash.at(-1)!)}  (load ${f(loadavg()[0], 1)})`,
    );
  }
  const med = (samples: Sample[], pick: (s: Sample) => number) => median(samples.map(pick));
  console.log(`\nmedians of ${RUNS} runs:`);
  for (const [label, samples] of [
    ["fresh DATA_DIR", fresh],
    ["restart (after SIGTERM)", restart],
    ["restart after SIGKILL", crash],
  ] as const) {
    console.log(
      `${label.padEnd(26)} ready ${f(med(samples, (s) => s.readyMs)).padStart(6)} ms   idle RSS ${f(med(samples, (s) => s.rssMb))} MB`,
    );
  }
  const restartReady = med(restart, (s) => s.readyMs);
  const idleRss = Math.max(
    med(restart, (s) => s.rssMb),
    med(fresh, (s) => s.rssMb),
  );
  console.log(
    `\ngoals: idle RSS ≤ ${GOAL.idleRssMb} MB (worse of fresh and restart): ${f(idleRss)} MB → ${idleRss <= GOAL.idleRssMb ? "met" : "MISSED"}; ` +
      `ready on a restart ≤ ${GOAL.restartReadyMs} ms: ${f(restartReady)} ms → ${restartReady <= GOAL.restartReadyMs ? "met" : "MISSED"}`,
  );

  if (READS) {
    const database = await createTestPostgresDatabase();
    const pgliteDir = mkdtempSync(join(tmpdir(), "agentdesk-bench-embedded-"));
    dataDirs.push(pgliteDir);
    const apps: Record<"pglite" | "postgres", Started | null> = { pglite: null, postgres: null };
    try {
      apps.pglite = await startApp(entry, { DATA_DIR: pgliteDir });
      apps.postgres = await startApp(entry, { DATA_DIR: pgliteDir + "-pg", DATABASE_URL: database.url });
      dataDirs.push(pgliteDir + "-pg");
      const users = { pglite: await seedOwner(apps.pglite.url), postgres: await seedOwner(apps.postgres.url) };
      console.log(
        `\nreads: ${READ_PATHS.join(" + ")} signed in, ${READ_CONNECTIONS} connections, ${READ_DURATION_S} s after ${READ_WARMUP_S} s warm-up; ` +
          `"with writes": one PATCH /api/agents/:id in every ${WRITE_EVERY} requests`,
      );
      for (const mix of MIXES) {
        const rates: Record<"pglite" | "postgres", number[]> = { pglite: [], postgres: [] };
        for (let run = 1; run <= RUNS; run++) {
          // Alternate which engine goes first, so the machine's changing load falls on both alike.
          const order = run % 2 ? (["pglite", "postgres"] as const) : (["postgres", "pglite"] as const);
          for (const engine of order) rates[engine].push(await requestsPerSecond(apps[engine]!, users[engine], mix));
          console.log(
            `${mix.padEnd(11)} run ${run}  PGlite ${f(rates.pglite.at(-1)!)} req/s  PostgreSQL ${f(rates.postgres.at(-1)!)} req/s  (load ${f(loadavg()[0], 1)})`,
          );
        }
        const ratio = median(rates.pglite) / median(rates.postgres);
        console.log(
          `${mix} medians: PGlite ${f(median(rates.pglite))} req/s, PostgreSQL ${f(median(rates.postgres))} req/s → ` +
            `${f(ratio, 2)}× (goal ≥ ${GOAL.readRatio}×: ${ratio >= GOAL.readRatio ? "met" : "MISSED"}); ` +
            `RSS after: PGlite ${f(apps.pglite.rssMb())} MB, PostgreSQL ${f(apps.postgres.rssMb())} MB (app only)`,
        );
      }
      await settle();
      console.log(
        `RSS after ${SETTLE_S} s idle: PGlite ${f(apps.pglite.rssMb())} MB, PostgreSQL ${f(apps.postgres.rssMb())} MB`,
      );
    } finally {
      for (const app of Object.values(apps)) await app?.stop("SIGTERM");
      await database.drop();
    }
  }
  console.log(
    `load average at end: ${loadavg()
      .map((n) => f(n, 2))
      .join(" ")}`,
  );
} finally {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  build.remove();
}
