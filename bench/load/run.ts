/**
 * Authenticated read throughput: `npm run bench:load`. The app's production build
 * (dist/server/main.js, built if needed; its own process, on a fresh PostgreSQL database made
 * and dropped here) as one process and as a cluster of two (dist/server/cluster.js), against a
 * minimal Fastify + pg server doing the same session lookup and query, and a raw `node:http`
 * hello, all in the same run on the same database. Every figure is the median of BENCH_RUNS
 * runs, interleaved so that the machine's changing load falls on all alike. `--soak 10m` runs
 * the soak instead (bench/load/soak.ts). See bench/README.md.
 */
import { loadavg } from "node:os";
import { buildCompiledServer } from "../../server/test-support/compiled-server.js";
import { createTestPostgresDatabase } from "../../server/test-support/postgres-database.js";
import { getEach, measure, median, type LoadOptions, type Measurement, type RequestCycle } from "./measure.js";
import { seedUsers } from "./seed.js";
import { startServer, type ServerProcess } from "./server-process.js";
import { parseDuration, runSoak } from "./soak.js";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const OPTIONS: LoadOptions = {
  connections: env("BENCH_CONNECTIONS", 100),
  durationS: env("BENCH_DURATION_S", 10),
  warmupS: env("BENCH_WARMUP_S", 3),
};
const RUNS = env("BENCH_RUNS", 3);
const USERS = env("BENCH_USERS", 100);
const AGENTS_EACH = env("BENCH_AGENTS_EACH", 5);
/** `npm start`'s default is info (two log lines per request); BENCH_APP_LOG_LEVEL=info measures that. */
const APP_LOG_LEVEL = process.env.BENCH_APP_LOG_LEVEL ?? "warn";
/** The cluster entry beside the app's, run with this many workers ("app ×2"); 0 leaves the cluster out. */
const CLUSTER_WORKERS = env("BENCH_CLUSTER_WORKERS", 2);
const SOAK = process.argv.includes("--soak") ? parseDuration(process.argv[process.argv.indexOf("--soak") + 1]) : null;
const GOAL = { ratio: 0.8, p99Ms: 25 };
const SECRET = "bench-secret-bench-secret-bench-secret";

process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
const nodeArgs = (entry: string) => (entry.endsWith(".ts") ? ["--import", "tsx", entry] : [entry]);

type Target = "app" | "app ×2" | "baseline" | "hello";

interface Scenario {
  name: string;
  cycle: RequestCycle;
  targets: Target[];
}

const APPS: Target[] = CLUSTER_WORKERS > 0 ? ["app", "app ×2"] : ["app"];
const SCENARIOS: Scenario[] = [
  { name: "GET /api/auth/user", cycle: getEach(["/api/auth/user"]), targets: [...APPS, "baseline", "hello"] },
  { name: "GET /api/agents", cycle: getEach(["/api/agents"]), targets: [...APPS, "baseline"] },
  // What a signed-in dashboard asks for, in turn; only the app serves all of it.
  {
    name: "mixed reads",
    cycle: getEach(["/api/auth/user", "/api/agents", "/api/dashboard", "/api/conversations"]),
    targets: APPS,
  },
];

const f = (n: number, digits = 0) => n.toFixed(digits);

function line(label: string, m: Measurement): string {
  return [
    label.padEnd(34),
    `${f(m.reqPerSec).padStart(7)} req/s`,
    `p50 ${f(m.p50Ms, 1).padStart(6)} ms`,
    `p99 ${f(m.p99Ms, 1).padStart(6)} ms`,
    `errors ${String(m.errors).padStart(4)}`,
    `CPU ${f(m.cpuUsPerRequest).padStart(5)} µs/req`,
    `RSS ${f(m.rssMb).padStart(4)} MB`,
    `load ${f(m.load[0], 1)}→${f(m.load[1], 1)}`,
    Object.keys(m.otherStatuses).length ? `statuses ${JSON.stringify(m.otherStatuses)}` : "",
  ].join("  ");
}

function medianOf(runs: Measurement[]): Measurement {
  const of = (pick: (m: Measurement) => number) => median(runs.map(pick));
  return {
    reqPerSec: of((m) => m.reqPerSec),
    p50Ms: of((m) => m.p50Ms),
    p99Ms: of((m) => m.p99Ms),
    errors: runs.reduce((sum, m) => sum + m.errors, 0),
    otherStatuses: runs.reduce<Record<string, number>>((sum, m) => {
      for (const [code, n] of Object.entries(m.otherStatuses)) sum[code] = (sum[code] ?? 0) + n;
      return sum;
    }, {}),
    cpuUsPerRequest: of((m) => m.cpuUsPerRequest),
    rssMb: of((m) => m.rssMb),
    load: [Math.min(...runs.map((m) => m.load[0])), Math.max(...runs.map((m) => m.load[1]))],
  };
}

if (SOAK !== null) {
  await runSoak(SOAK);
  process.exit(0);
}

// What `npm start` runs, compiled by scripts/build-server.mjs into a folder of this run's own
// (dist/ in a shared checkout may be rebuilt under a running benchmark).
// BENCH_APP_ENTRY=server/main.ts measures the source under tsx instead.
const build = process.env.BENCH_APP_ENTRY ? null : buildCompiledServer();
const APP_ENTRY = process.env.BENCH_APP_ENTRY ?? `${build?.dir}/server/main.js`;
const CLUSTER_ENTRY = APP_ENTRY.replace(/main\.(ts|js)$/, "cluster.$1");
const database = await createTestPostgresDatabase();
const servers: ServerProcess[] = [];
try {
  console.log(
    `load average at start: ${loadavg()
      .map((n) => f(n, 2))
      .join(" ")}`,
  );
  const appEnv = {
    DATABASE_URL: database.url,
    SESSION_SECRET: SECRET,
    DATA_DIR: "/tmp/agentdesk-bench-load",
    LOG_LEVEL: APP_LOG_LEVEL,
    // Every connection comes from loopback; the per-address socket cap is for the open internet.
    MAX_CONNECTIONS_PER_ADDRESS: "0",
  };
  const app = await startServer("app", nodeArgs(APP_ENTRY), appEnv);
  servers.push(app);
  // Started after the single app has migrated the database, so its workers only connect.
  const cluster =
    CLUSTER_WORKERS > 0
      ? await startServer(
          "app ×2",
          nodeArgs(CLUSTER_ENTRY),
          { ...appEnv, CLUSTER_WORKERS: String(CLUSTER_WORKERS) },
          "/healthz",
          {
            readyLine: /cluster ready/,
          },
        )
      : null;
  if (cluster) servers.push(cluster);
  const baseline = await startServer("baseline", nodeArgs("bench/load/baseline-fastify-pg.ts"), {
    BENCH_DATABASE_URL: database.url,
    SESSION_SECRET: SECRET,
  });
  servers.push(baseline);
  const hello = await startServer("hello", nodeArgs("bench/load/hello-server.ts"), {}, "/");
  servers.push(hello);
  const byName: Record<Target, ServerProcess | null> = { app, "app ×2": cluster, baseline, hello };

  console.log(`seeding ${USERS} users with ${AGENTS_EACH} agents each through the app…`);
  const users = await seedUsers(app.url, database.url, USERS, AGENTS_EACH);
  console.log(
    `${OPTIONS.connections} connections, ${OPTIONS.durationS} s per measurement after ${OPTIONS.warmupS} s of warm-up, ` +
      `${RUNS} runs; app entry ${APP_ENTRY}` +
      (cluster ? ` and ${CLUSTER_ENTRY} with ${CLUSTER_WORKERS} workers` : "") +
      `, LOG_LEVEL=${APP_LOG_LEVEL}; idle RSS app ${f(app.rssMb())} MB` +
      (cluster ? `, app ×${CLUSTER_WORKERS} ${f(cluster.rssMb())} MB (all its processes)` : "") +
      `, baseline ${f(baseline.rssMb())} MB, hello ${f(hello.rssMb())} MB\n`,
  );

  const results = new Map<string, Measurement[]>();
  for (let run = 1; run <= RUNS; run++) {
    for (const scenario of SCENARIOS) {
      for (const target of scenario.targets) {
        const label = `${scenario.name} · ${target}`;
        const server = byName[target];
        if (!server) continue;
        const m = await measure(server, scenario.cycle, users, OPTIONS);
        results.set(label, [...(results.get(label) ?? []), m]);
        console.log(`run ${run}  ${line(label, m)}`);
      }
    }
  }

  console.log(`\nmedians of ${RUNS} runs (errors summed):`);
  const medians = new Map([...results].map(([label, runs]) => [label, medianOf(runs)]));
  for (const [label, m] of medians) console.log(line(label, m));

  console.log(`\nagainst the goals (app ≥ ${GOAL.ratio}× the Fastify + pg baseline, p99 ≤ ${GOAL.p99Ms} ms):`);
  for (const scenario of SCENARIOS.filter((s) => s.targets.includes("baseline"))) {
    const ours = medians.get(`${scenario.name} · app`);
    const theirs = medians.get(`${scenario.name} · baseline`);
    if (!ours || !theirs) continue;
    const ratio = ours.reqPerSec / theirs.reqPerSec;
    const verdict = ratio >= GOAL.ratio && ours.p99Ms <= GOAL.p99Ms ? "met" : "MISSED";
    console.log(
      `${scenario.name.padEnd(20)} app/baseline ${f(ratio, 2)}×  app p99 ${f(ours.p99Ms, 1)} ms  ` +
        `CPU/req app ${f(ours.cpuUsPerRequest)} µs vs ${f(theirs.cpuUsPerRequest)} µs  → ${verdict}`,
    );
  }
  for (const scenario of SCENARIOS.filter((s) => s.targets.includes("app ×2"))) {
    const one = medians.get(`${scenario.name} · app`);
    const two = medians.get(`${scenario.name} · app ×2`);
    if (!one || !two) continue;
    console.log(
      `${scenario.name.padEnd(20)} two processes / one: ${f(two.reqPerSec / one.reqPerSec, 2)}× req/s, ` +
        `p99 ${f(one.p99Ms, 1)} → ${f(two.p99Ms, 1)} ms, CPU/req ${f(one.cpuUsPerRequest)} → ${f(two.cpuUsPerRequest)} µs`,
    );
  }
  console.log(
    `load average at end: ${loadavg()
      .map((n) => f(n, 2))
      .join(" ")}`,
  );
} finally {
  for (const server of servers) await server.stop();
  await database.drop();
  build?.remove();
}
