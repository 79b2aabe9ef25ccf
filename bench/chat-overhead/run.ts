/**
 * Chat overhead benchmark: what our SSE chat API adds to a model's time to first token and
 * total time, at 1, 50 and 200 concurrent chats, on PostgreSQL and on PGlite
 * (`npm run bench:chat`, `-- --engine postgres` or `pglite` for one). With `-- --knowledge`
 * the same levels run again on agents that hold a returns policy, asked a question it
 * answers, so the added time includes retrieving passages.
 *
 * Three processes on loopback: this client, the fake provider (fixed timing) and the app. Each
 * round sends the same number of chats straight to the fake and through the app; the overhead
 * is our percentile minus the direct one. CPU per chat is read from both children, so the app's
 * cost stands beside the fake's cost of producing the same stream. `-- --processes 2` runs that
 * many app processes on the same database, each user always sent to the same one (as a load
 * balancer with sticky sessions would), and counts their CPU together. See bench/README.md.
 */
import { loadavg } from "node:os";
import { createTestPostgresDatabase } from "../../server/test-support/postgres-database.js";
import { makeUsers, withKnowledgeAgents } from "./bench-users.js";
import { ask, cpuMs, profiled, startChild, type Child } from "./children.js";
import { chatDirect, chatThroughApp, percentile, type BenchUser, type Timing } from "./client.js";
import { postgresCpuMsBetween, postgresCpuTicks } from "./postgres-cpu.js";

const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";
/** Concurrency → rounds; a bounded number of chats at every level. */
const LEVELS: [concurrency: number, rounds: number][] = [
  [1, 60],
  [50, 10],
  [200, 5],
];
/** Issue 10's goals: added TTFT alone and at a burst of 50; app CPU per chat, absolute and against the fake's. */
const GOALS = { singleP50: 1.5, burst: 50, burstP50: 10, burstP99: 40, cpuMs: 1.0, cpuRatio: 2.5 };
const WITH_KNOWLEDGE = process.argv.includes("--knowledge");
const engineArg = process.argv[process.argv.indexOf("--engine") + 1];
const ENGINES = (process.argv.includes("--engine") ? [engineArg] : ["postgres", "pglite"]) as ("postgres" | "pglite")[];
const PROCESSES = process.argv.includes("--processes")
  ? Number(process.argv[process.argv.indexOf("--processes") + 1])
  : 1;
if (!Number.isInteger(PROCESSES) || PROCESSES < 1) throw new Error("--processes takes a whole number ≥ 1");

process.env.TEST_DATABASE_URL ??= DEFAULT_DATABASE_URL;

const fmt = (ms: number) => ms.toFixed(2).padStart(8);

function summarise(label: string, direct: Timing[], ours: Timing[]): [p50: number, p99: number] {
  const sorted = (list: Timing[], key: keyof Timing) => list.map((t) => t[key]).sort((a, b) => a - b);
  const row = (key: keyof Timing) => {
    const d = sorted(direct, key);
    const o = sorted(ours, key);
    return {
      direct: [percentile(d, 50), percentile(d, 99)],
      ours: [percentile(o, 50), percentile(o, 99)],
      overhead: [percentile(o, 50) - percentile(d, 50), percentile(o, 99) - percentile(d, 99)],
    };
  };
  const ttft = row("ttftMs");
  for (const [name, r] of [
    ["TTFT ", ttft],
    ["total", row("totalMs")],
  ] as const) {
    console.log(
      `${label.padEnd(25)} ${name}  direct p50 ${fmt(r.direct[0] ?? 0)} p99 ${fmt(r.direct[1] ?? 0)} | ours p50 ${fmt(r.ours[0] ?? 0)} p99 ${fmt(r.ours[1] ?? 0)} | overhead p50 ${fmt(r.overhead[0] ?? 0)} p99 ${fmt(r.overhead[1] ?? 0)}  (ms, n=${ours.length})`,
    );
  }
  return [ttft.overhead[0] ?? Infinity, ttft.overhead[1] ?? Infinity];
}

const verdict = (met: boolean) => (met ? "met" : "MISSED");

/** A bench user and the app process its chats go to. */
type RoutedUser = BenchUser & { appUrl: string };

async function benchEngine(engine: "postgres" | "pglite"): Promise<string[]> {
  // In-memory PGlite is one process's database: more app processes need PostgreSQL.
  if (engine === "pglite" && PROCESSES > 1) throw new Error("--processes > 1 needs --engine postgres");
  const database = engine === "postgres" ? await createTestPostgresDatabase() : null;
  const fake = await startChild(new URL("./fake-provider.ts", import.meta.url));
  const startApp = () =>
    startChild(new URL("./app-server.ts", import.meta.url), {
      BENCH_ENGINE: engine,
      BENCH_DATABASE_URL: database?.url ?? "",
      BENCH_LLM_URL: fake.url,
    });
  // The first migrates the fresh database; the others start on the migrated one.
  const apps = [await startApp()];
  apps.push(...(await Promise.all(Array.from({ length: PROCESSES - 1 }, startApp))));
  const [app] = apps as [Child, ...Child[]];
  const verdicts: string[] = [];
  try {
    const maxConcurrency = Math.max(...LEVELS.map(([c]) => c));
    console.log(
      `chat overhead on ${engine} — app ${apps.map((a) => a.url).join(", ")}, fake provider ${fake.url}; setting up ${maxConcurrency} users…`,
    );
    const made = await makeUsers(app.url, maxConcurrency, () => ask(app.child, "approve-all", "approved"));
    // Each user keeps to one app process, round robin.
    const users = made.map((user, i) => ({ ...user, appUrl: (apps[i % apps.length] ?? app).url }));
    // Warm-up: every user's conversation exists and every connection pool is filled.
    await warmUp(fake.url, users);

    const modes: { label: string; users: RoutedUser[]; question: string }[] = [
      { label: "", users, question: "how are we doing?" },
    ];
    if (WITH_KNOWLEDGE) {
      const knowing = (await withKnowledgeAgents(app.url, users)).map((user, i) => ({
        ...user,
        appUrl: users[i]?.appUrl ?? app.url,
      }));
      await warmUp(null, knowing);
      modes.push({ label: " +knowledge", users: knowing, question: "how many days do I have to return an item?" });
    }

    for (const mode of modes)
      for (const [concurrency, rounds] of LEVELS) {
        const roles = Object.fromEntries(apps.map((a, i) => [apps.length > 1 ? `app${i + 1}` : "app", a]));
        const level = await profiled({ ...roles, fake }, `${engine}-${concurrency}${mode.label.trim()}`, () =>
          runLevel(apps, fake, mode.users.slice(0, concurrency), rounds, mode.question),
        );
        const processes = apps.length > 1 ? ` ×${apps.length}` : "";
        const [p50, p99] = summarise(
          `${engine}${processes} ${concurrency} concurrent${mode.label}`,
          level.direct,
          level.ours,
        );
        const ratio = level.appCpu / level.fakeCpu;
        if (level.errors.length > 0) {
          console.log(
            `${"".padEnd(25)} ${level.errors.length} chats FAILED (left out of the figures): ${level.errors[0]}`,
          );
        }
        console.log(
          `${"".padEnd(25)} CPU per chat: app ${level.appCpu.toFixed(2)} ms, fake provider ${level.fakeCpu.toFixed(2)} ms per stream (app = ${ratio.toFixed(1)}×)` +
            (engine === "postgres" && level.databaseCpu !== null
              ? `, PostgreSQL ${level.databaseCpu.toFixed(2)} ms`
              : "") +
            `; load average ${loadavg()[0]?.toFixed(1)}`,
        );
        if (mode.label) continue;
        if (concurrency === 1)
          verdicts.push(
            `${engine}${processes}: single TTFT overhead p50 ≤ ${GOALS.singleP50} ms: ${verdict(p50 <= GOALS.singleP50)} (${p50.toFixed(2)})`,
          );
        if (concurrency === GOALS.burst) {
          verdicts.push(
            `${engine}${processes}: burst of ${GOALS.burst} TTFT overhead p50 ≤ ${GOALS.burstP50} ms and p99 ≤ ${GOALS.burstP99} ms: ${verdict(p50 <= GOALS.burstP50 && p99 <= GOALS.burstP99)} (${p50.toFixed(1)} / ${p99.toFixed(1)})`,
            `${engine}${processes}: app CPU per chat ≤ ${GOALS.cpuMs} ms and ≤ ${GOALS.cpuRatio}× the fake's: ${verdict(level.appCpu <= GOALS.cpuMs && ratio <= GOALS.cpuRatio)} (${level.appCpu.toFixed(2)} ms, ${ratio.toFixed(1)}×)`,
          );
        }
      }
  } finally {
    for (const { child } of apps) child.disconnect();
    fake.child.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database?.drop();
  }
  return verdicts;
}

/** Warm-up chats through the app (and straight to the fake); a failure is reported, not fatal. */
async function warmUp(fakeUrl: string | null, users: RoutedUser[]): Promise<void> {
  const results = await Promise.allSettled([
    ...users.map((user) => chatThroughApp(user.appUrl, user, "warm up")),
    ...(fakeUrl ? users.map(() => chatDirect(fakeUrl, "warm up")) : []),
  ]);
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed.length > 0) console.log(`warm-up: ${failed.length} chats failed: ${String(failed[0]?.reason)}`);
}

/** One level: `rounds` bursts of `users.length` chats, direct and through the app, alternating which goes first. */
async function runLevel(apps: Child[], fake: Child, users: RoutedUser[], rounds: number, question: string) {
  const direct: Timing[] = [];
  const ours: Timing[] = [];
  const errors: string[] = [];
  // A failed chat (an error event, a refused request) is counted, not timed: one bad answer must not end the run.
  const throughApp = (user: RoutedUser, message: string) =>
    chatThroughApp(user.appUrl, user, message).catch((error: unknown) => {
      errors.push(String(error));
      return null;
    });
  const appsCpu = async () => (await Promise.all(apps.map((a) => cpuMs(a.child)))).reduce((sum, ms) => sum + ms, 0);
  const [appBefore, fakeBefore] = await Promise.all([appsCpu(), cpuMs(fake.child)]);
  const databaseBefore = postgresCpuTicks();
  for (let round = 0; round < rounds; round++) {
    const message = `Round ${round}: ${question}`;
    // Alternate which goes first so neither side always meets a warmer machine.
    const runDirect = async () => direct.push(...(await Promise.all(users.map(() => chatDirect(fake.url, message)))));
    const runOurs = async () => {
      for (const timing of await Promise.all(users.map((user) => throughApp(user, message)))) {
        if (timing) ours.push(timing);
      }
    };
    if (round % 2 === 0) {
      await runDirect();
      await runOurs();
    } else {
      await runOurs();
      await runDirect();
    }
  }
  const [appAfter, fakeAfter] = await Promise.all([appsCpu(), cpuMs(fake.child)]);
  const databaseAfter = postgresCpuTicks();
  const appChats = ours.length + errors.length;
  return {
    direct,
    ours,
    errors,
    appCpu: (appAfter - appBefore) / appChats,
    // Only the app's chats touch the database.
    databaseCpu:
      databaseBefore === null || databaseAfter === null
        ? null
        : postgresCpuMsBetween(databaseBefore, databaseAfter) / appChats,
    // The fake streamed every direct chat and every chat the app relayed.
    fakeCpu: (fakeAfter - fakeBefore) / (direct.length + appChats),
  };
}

const verdicts: string[] = [];
for (const engine of ENGINES) verdicts.push(...(await benchEngine(engine)));
console.log(
  `\nIssue 10's goals (load average now ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}):`,
);
for (const line of verdicts) console.log(`  ${line}`);
