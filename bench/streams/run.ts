/**
 * Thousands of streamed chats open at once on one server process: `npm run bench:streams`.
 *
 * The production build (compiled by scripts/build-server.mjs) on a fresh PostgreSQL database,
 * its model a fake OpenAI-compatible server in its own process that drips each reply (a short
 * word every BENCH_CHUNK_MS, for minutes). BENCH_STREAMS chats (2,000), each a new
 * conversation, spread over BENCH_USERS signed-in users, are opened with at most
 * BENCH_OPENING of them waiting for their first delta at once (so the ramp goes as fast as the
 * server admits them, never faster than its accept queue), and held open. The server's
 * event-loop delay is read from inside it (bench/streams/loop-probe.mjs) in windows: idle
 * before, the ramp, BENCH_STEADY_S with every stream open and dripping, and after every client
 * leaves at once (2,000 partial replies stored). Goal (issue 10): p99 ≤ 20 ms with all open.
 */
import { Agent } from "node:http";
import { loadavg } from "node:os";
import { buildCompiledServer } from "../../server/test-support/compiled-server.js";
import { createTestPostgresDatabase } from "../../server/test-support/postgres-database.js";
import { seedUsers } from "../load/seed.js";
import { startServer, type ServerProcess } from "../load/server-process.js";
import { startFakeProvider } from "./fake-provider-process.js";
import { readLoopWindow, resetLoopWindow, type LoopWindow } from "./loop-probe-client.js";
import { deltaCounter, openChatStream, type OpenStream, type StreamOutcome } from "./stream-client.js";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const STREAMS = env("BENCH_STREAMS", 2000);
const USERS = env("BENCH_USERS", 50);
const OPENING = env("BENCH_OPENING", 50);
const STEADY_S = env("BENCH_STEADY_S", 10);
const IDLE_S = env("BENCH_IDLE_S", 5);
const CHUNK_MS = env("BENCH_CHUNK_MS", 1000);
/** Ten minutes of deltas: no reply ends before the clients leave, however slow the ramp. */
const CHUNKS = env("BENCH_CHUNKS", 600);
const AFTER_LEAVING_S = env("BENCH_AFTER_LEAVING_S", 10);
/** Extra flags for the server's node, e.g. "--max-semi-space-size=4" or "--require <module>" to preload one. */
const APP_NODE_ARGS = (process.env.BENCH_APP_NODE_ARGS ?? "").split(" ").filter(Boolean);
const GOAL_P99_MS = 20;
const SECRET = "bench-secret-bench-secret-bench-secret";
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";

const f = (n: number, digits = 0) => n.toFixed(digits);
const load = () =>
  loadavg()
    .map((n) => f(n, 2))
    .join(" ");
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Phase {
  name: string;
  seconds: number;
  loop: LoopWindow;
  cpuPercent: number;
  rssMb: number;
  load: string;
}

async function phase(app: ServerProcess, name: string, work: () => Promise<void>): Promise<Phase> {
  await resetLoopWindow(app.child);
  const cpu0 = app.cpuMs();
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  const loop = await readLoopWindow(app.child);
  return {
    name,
    seconds,
    loop,
    cpuPercent: (app.cpuMs() - cpu0) / (seconds * 10),
    rssMb: app.rssMb(),
    load: load(),
  };
}

function phaseLine(p: Phase): string {
  return [
    p.name.padEnd(30),
    `${f(p.seconds, 1).padStart(5)} s`,
    `loop delay p50 ${f(p.loop.p50Ms, 1).padStart(5)} ms`,
    `p99 ${f(p.loop.p99Ms, 1).padStart(6)} ms`,
    `max ${f(p.loop.maxMs, 0).padStart(5)} ms`,
    `app CPU ${f(p.cpuPercent).padStart(3)} %`,
    `RSS ${f(p.rssMb).padStart(4)} MB (heap ${f(p.loop.heapUsedMb)} MB)`,
    `load ${p.load}`,
  ].join("  ");
}

console.log(`load average at start: ${load()}`);
// What `npm start` runs, compiled by scripts/build-server.mjs into a folder of this run's own.
const build = buildCompiledServer();
const database = await createTestPostgresDatabase();
const fake = await startFakeProvider({ BENCH_CHUNKS: String(CHUNKS), BENCH_CHUNK_MS: String(CHUNK_MS) });
let app: ServerProcess | undefined;
try {
  app = await startServer(
    "app",
    [...APP_NODE_ARGS, "--import", "./bench/streams/loop-probe.mjs", `${build.dir}/server/main.js`],
    {
      DATABASE_URL: database.url,
      SESSION_SECRET: SECRET,
      DATA_DIR: "/tmp/agentdesk-bench-streams",
      LOG_LEVEL: "warn",
      LLM_BASE_URL: fake.url,
      LLM_MODEL: "fake-model",
      // The replies last minutes; the clients leave long before.
      LLM_TIMEOUT_MS: "3600000",
      // Every stream comes from loopback: the per-address socket cap would refuse most of them.
      MAX_CONNECTIONS_PER_ADDRESS: "0",
      // Each user holds STREAMS / USERS streams open at once: above the default per-user cap of turns.
      USER_CONCURRENT_TURNS: String(Math.ceil(STREAMS / USERS)),
      COMPANY_CONCURRENT_TURNS: String(Math.ceil(STREAMS / USERS)),
    },
    "/healthz",
    { ipc: true },
  );
  console.log(`seeding ${USERS} users with one agent each…`);
  const users = await seedUsers(app.url, database.url, USERS, 1, false);
  console.log(
    `${STREAMS} streams over ${USERS} users, at most ${OPENING} awaiting their first delta at once; ` +
      `a delta every ${CHUNK_MS} ms per stream (${f((STREAMS * 1000) / CHUNK_MS)} deltas/s when all are open)\n`,
  );

  const phases: Phase[] = [];
  phases.push(await phase(app, "idle (before)", () => sleep(IDLE_S * 1000)));

  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const base = new URL(app.url);
  const streams: OpenStream[] = [];
  let ended = 0;
  phases.push(
    await phase(app, `ramp (open ${STREAMS})`, async () => {
      let next = 0;
      const opener = async () => {
        while (next < STREAMS) {
          const index = next++;
          const stream = openChatStream(base, agent, users[index % users.length], `Benchmark stream ${index}, hello.`);
          streams.push(stream);
          void stream.outcome.then(() => (ended += 1));
          await stream.firstDelta;
        }
      };
      await Promise.all(Array.from({ length: OPENING }, opener));
    }),
  );
  const openAtSteadyStart = STREAMS - ended;
  const deltasBefore = deltaCounter.count;
  phases.push(await phase(app, `all open (${STEADY_S} s)`, () => sleep(STEADY_S * 1000)));
  const steadyDeltas = deltaCounter.count - deltasBefore;
  const openAtSteadyEnd = STREAMS - ended;
  phases.push(
    await phase(app, `all leave (+${AFTER_LEAVING_S} s)`, async () => {
      for (const stream of streams) stream.leave();
      await sleep(AFTER_LEAVING_S * 1000);
    }),
  );
  agent.destroy();

  const results: StreamOutcome[] = await Promise.all(streams.map((s) => s.outcome));
  const failures = new Map<string, number>();
  for (const r of results) {
    if (r.failure && r.failure !== "left") failures.set(r.failure, (failures.get(r.failure) ?? 0) + 1);
  }
  const firstDeltaMs = results.filter((r) => r.firstDeltaMs >= 0).map((r) => r.firstDeltaMs);
  const ramp = phases[1];
  const steady = phases[2];

  for (const p of phases) console.log(phaseLine(p));
  const failed = [...failures.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    `\nstreams: ${STREAMS - failed} of ${STREAMS} streamed until the clients left` +
      (failures.size ? `; failed ${JSON.stringify(Object.fromEntries(failures))}` : "") +
      `; open when the steady window began ${openAtSteadyStart}, when it closed ${openAtSteadyEnd}` +
      `\nramp ${f(STREAMS / ramp.seconds)} streams/s; first delta p50 ${f(percentile(firstDeltaMs, 50))} ms, ` +
      `p99 ${f(percentile(firstDeltaMs, 99))} ms` +
      `\nall open: ${f(steadyDeltas / steady.seconds)} deltas/s reached the clients (provider sends ` +
      `${f((openAtSteadyStart * 1000) / CHUNK_MS)}/s), app CPU ${f((steady.cpuPercent * 10 * steady.seconds * 1000) / Math.max(1, steadyDeltas))} µs per delta`,
  );
  const valid = openAtSteadyEnd === STREAMS;
  console.log(
    `\nagainst the goal (event-loop delay p99 ≤ ${GOAL_P99_MS} ms with ${STREAMS} streams open): ` +
      `${f(steady.loop.p99Ms, 1)} ms → ${steady.loop.p99Ms <= GOAL_P99_MS && valid ? "met" : "MISSED"}` +
      (valid ? "" : ` (only ${openAtSteadyEnd} of ${STREAMS} streams were open: see failures)`) +
      `; idle baseline in the same run ${f(phases[0].loop.p99Ms, 1)} ms`,
  );
  console.log(`load average at end: ${load()}`);
} finally {
  await app?.stop();
  fake.stop();
  await database.drop();
  build.remove();
}
