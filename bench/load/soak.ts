/**
 * `npm run bench:load -- --soak 10m`: the production build under a steady mixed workload for a
 * long while, to see whether memory or the event loop drift. Signed-in users cycle through the
 * dashboard's reads, one conversation's messages and a chat turn (a new conversation each time)
 * against an instant fake provider, at BENCH_SOAK_RATE requests per second over
 * BENCH_SOAK_CONNECTIONS connections. Every BENCH_SOAK_SAMPLE_S the app's RSS (from /proc), its
 * heap and event-loop delay (bench/streams/loop-probe.mjs, inside it) and the answers of that
 * interval are sampled; the report has a line per minute and the first and last minute's RSS.
 */
import { loadavg } from "node:os";
import { buildCompiledServer } from "../../server/test-support/compiled-server.js";
import { createTestPostgresDatabase } from "../../server/test-support/postgres-database.js";
import { startFakeProvider } from "../streams/fake-provider-process.js";
import { readLoopWindow, resetLoopWindow } from "../streams/loop-probe-client.js";
import { runAutocannon, type LoadUser, type RequestCycle } from "./measure.js";
import { seedUsers } from "./seed.js";
import { startServer } from "./server-process.js";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const RATE = env("BENCH_SOAK_RATE", 200);
const CONNECTIONS = env("BENCH_SOAK_CONNECTIONS", 50);
const SAMPLE_S = env("BENCH_SOAK_SAMPLE_S", 5);
const USERS = env("BENCH_USERS", 100);
const SECRET = "bench-secret-bench-secret-bench-secret";

/** "10m", "90s", "1h" or plain seconds → milliseconds. */
export function parseDuration(text: string | undefined): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text ?? "");
  if (!match) throw new Error(`--soak needs a duration such as 10m or 90s, not "${text ?? ""}"`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? "s"] ?? 1000;
  return Number(match[1]) * unit;
}

const soakCycle: RequestCycle = (user: LoadUser) => {
  const headers = { cookie: user.cookie };
  return [
    { method: "GET", path: "/api/auth/user", headers },
    { method: "GET", path: "/api/dashboard", headers },
    { method: "GET", path: "/api/agents", headers },
    { method: "GET", path: `/api/conversations/${user.conversationId}/messages`, headers },
    {
      method: "POST",
      path: `/api/chat/${user.agentId}`,
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ message: "Soak test turn: what are your opening hours?" }),
    },
  ];
};

interface Sample {
  atS: number;
  rssMb: number;
  heapUsedMb: number;
  loopP99Ms: number;
  loopMaxMs: number;
  answers: number;
  failures: number;
  latencies: number[];
  cpuMs: number;
}

const f = (n: number, digits = 0) => n.toFixed(digits);
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function runSoak(durationMs: number): Promise<void> {
  const load = () =>
    loadavg()
      .map((n) => f(n, 2))
      .join(" ");
  console.log(`load average at start: ${load()}`);
  // What `npm start` runs, compiled into a folder of this run's own.
  const build = buildCompiledServer();
  const database = await createTestPostgresDatabase();
  const fake = await startFakeProvider({ BENCH_FIRST_BYTE_MS: "0", BENCH_CHUNK_MS: "0", BENCH_CHUNKS: "8" });
  const app = await startServer(
    "app",
    ["--import", "./bench/streams/loop-probe.mjs", `${build.dir}/server/main.js`],
    {
      DATABASE_URL: database.url,
      SESSION_SECRET: SECRET,
      DATA_DIR: "/tmp/agentdesk-bench-soak",
      LOG_LEVEL: "warn",
      LLM_BASE_URL: fake.url,
      LLM_MODEL: "fake-model",
      MAX_CONNECTIONS_PER_ADDRESS: "0",
    },
    "/healthz",
    { ipc: true },
  );
  try {
    console.log(`seeding ${USERS} users…`);
    const users = await seedUsers(app.url, database.url, USERS, 1);
    console.log(
      `soak: ${f(durationMs / 60_000, 1)} min at ${RATE} req/s over ${CONNECTIONS} connections ` +
        `(auth/user, dashboard, agents, messages, chat turn); RSS after seeding ${f(app.rssMb())} MB; sampled every ${SAMPLE_S} s\n`,
    );

    const samples: Sample[] = [];
    let interval = { answers: 0, failures: 0, latencies: [] as number[] };
    const started = performance.now();
    await resetLoopWindow(app.child);
    let cpuBefore = app.cpuMs();
    const sampler = setInterval(() => {
      const taken = interval;
      interval = { answers: 0, failures: 0, latencies: [] };
      const cpuNow = app.cpuMs();
      const cpuMs = cpuNow - cpuBefore;
      cpuBefore = cpuNow;
      void readLoopWindow(app.child).then(async (loop) => {
        await resetLoopWindow(app.child);
        samples.push({
          atS: (performance.now() - started) / 1000,
          rssMb: app.rssMb(),
          heapUsedMb: loop.heapUsedMb,
          loopP99Ms: loop.p99Ms,
          loopMaxMs: loop.maxMs,
          cpuMs,
          ...taken,
        });
      });
    }, SAMPLE_S * 1000);
    const run = runAutocannon(app.url, soakCycle, users, CONNECTIONS, durationMs / 1000, RATE);
    void run.on("response", (_client, statusCode, _bytes, responseTime) => {
      interval.answers += 1;
      if (statusCode >= 300) interval.failures += 1;
      interval.latencies.push(responseTime);
    });
    const result = await run;
    clearInterval(sampler);

    console.log("minute  req/s  non-2xx  p99 ms  app CPU %  RSS MB (min–max)  heap MB  loop p99 ms  loop max ms");
    const minutes = Math.ceil(durationMs / 60_000);
    const perMinute: Sample[][] = [];
    for (let m = 0; m < minutes; m++) {
      const inMinute = samples.filter((s) => s.atS > m * 60 && s.atS <= (m + 1) * 60 + 0.5);
      if (inMinute.length === 0) continue;
      perMinute.push(inMinute);
      const rss = inMinute.map((s) => s.rssMb);
      const answers = inMinute.reduce((sum, s) => sum + s.answers, 0);
      const seconds = inMinute.length * SAMPLE_S;
      console.log(
        [
          String(m + 1).padStart(6),
          f(answers / seconds).padStart(6),
          String(inMinute.reduce((sum, s) => sum + s.failures, 0)).padStart(8),
          f(
            percentile(
              inMinute.flatMap((s) => s.latencies),
              99,
            ),
            1,
          ).padStart(7),
          f(inMinute.reduce((sum, s) => sum + s.cpuMs, 0) / (seconds * 10)).padStart(10),
          `${f(mean(rss))} (${f(Math.min(...rss))}–${f(Math.max(...rss))})`.padStart(17),
          f(mean(inMinute.map((s) => s.heapUsedMb))).padStart(8),
          f(Math.max(...inMinute.map((s) => s.loopP99Ms)), 1).padStart(12),
          f(Math.max(...inMinute.map((s) => s.loopMaxMs))).padStart(12),
        ].join(" "),
      );
    }
    const first = perMinute[0] ?? [];
    const last = perMinute[perMinute.length - 1] ?? [];
    const firstRss = mean(first.map((s) => s.rssMb));
    const lastRss = mean(last.map((s) => s.rssMb));
    console.log(
      `\nRSS first minute ${f(firstRss)} MB, last minute ${f(lastRss)} MB (${lastRss >= firstRss ? "+" : ""}${f(lastRss - firstRss)} MB); ` +
        `heap first ${f(mean(first.map((s) => s.heapUsedMb)))} MB, last ${f(mean(last.map((s) => s.heapUsedMb)))} MB`,
    );
    console.log(
      `total ${result.requests.total} answers, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts; ` +
        `load average at end: ${load()}`,
    );
  } finally {
    await app.stop();
    fake.stop();
    await database.drop();
    build.remove();
  }
}
