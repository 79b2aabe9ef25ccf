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
const SESSION_SECRET = "bench-secret-bench-secret-bench-secret";
/** Concurrency → rounds; a bounded number of chats at every level. */
const LEVELS: [concurrency: number, rounds: number][] = [
  [1, 60],
  [50, 10],
  [200, 5],
];
/** Issue 10's goals: added TTFT alone and at a burst of 50; app CPU per chat, absolute and against the fake's. */
const GOALS = { singleP50: 1.5, burst: 50, burstP50: 10, burstP99: 40, cpuMs: 1.0, cpuRatio: 2.5 };
/**
 * Issue 20's goals against the minimal reference (reference-server.ts, PostgreSQL only): app +
 * PostgreSQL CPU per chat ≤ 1.5× the reference's and ≤ 1.5 ms in all; added TTFT at a burst of
 * 50 ≤ 2× the reference's at p50 and p99.
 */
const REFERENCE_GOALS = { cpuRatio: 1.5, cpuMs: 1.5, ttftRatio: 2 };
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
      BENCH_SESSION_SECRET: SESSION_SECRET,
    });
  // The first migrates the fresh database; the others start on the migrated one.
  const apps = [await startApp()];
  apps.push(...(await Promise.all(Array.from({ length: PROCESSES - 1 }, startApp))));
  const [app] = apps as [Child, ...Child[]];
  // The reference speaks pg to PostgreSQL: on PGlite there is no second process to share it with.
  const reference =
    engine === "postgres" && database
      ? await startChild(new URL("./reference-server.ts", import.meta.url), {
          BENCH_DATABASE_URL: database.url,
          BENCH_LLM_URL: fake.url,
          BENCH_SESSION_SECRET: SESSION_SECRET,
        })
      : null;
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
    // The same users through the reference, each in a conversation of its own.
    const referenceUsers = reference
      ? users.map((user) => ({ ...user, appUrl: reference.url, conversationId: null }))
      : null;
    if (referenceUsers) await warmUp(null, referenceUsers);

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
        const referenceSide =
          reference && referenceUsers && !mode.label
            ? { child: reference, users: referenceUsers.slice(0, concurrency) }
            : null;
        const level = await profiled({ ...roles, fake }, `${engine}-${concurrency}${mode.label.trim()}`, () =>
          runLevel(apps, fake, mode.users.slice(0, concurrency), rounds, mode.question, referenceSide),
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
        const versus = level.reference ? summariseReference(level, concurrency) : null;
        if (mode.label) continue;
        if (versus && concurrency === GOALS.burst) verdicts.push(...versus);
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
    reference?.child.disconnect();
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

interface ReferenceSide {
  child: Child;
  users: RoutedUser[];
}

/** A side's chats in one level: timings, and CPU per chat of its process(es) and of PostgreSQL. */
interface SideResult {
  timings: Timing[];
  cpu: number;
  databaseCpu: number | null;
}

/**
 * One level: `rounds` bursts of `users.length` chats straight to the fake, through the app and
 * (with `reference`) through the reference, rotating which goes first so none always meets a
 * warmer machine. PostgreSQL's CPU is read around each side's bursts, so each is charged its own.
 */
async function runLevel(
  apps: Child[],
  fake: Child,
  users: RoutedUser[],
  rounds: number,
  question: string,
  reference: ReferenceSide | null,
) {
  const direct: Timing[] = [];
  const errors: string[] = [];
  const appsCpu = async () => (await Promise.all(apps.map((a) => cpuMs(a.child)))).reduce((sum, ms) => sum + ms, 0);
  const referenceCpu = async () => (reference ? cpuMs(reference.child.child) : 0);
  const sides = {
    ours: { timings: [] as Timing[], failed: 0, databaseMs: 0 as number | null },
    reference: { timings: [] as Timing[], failed: 0, databaseMs: 0 as number | null },
  };
  // A failed chat (an error event, a refused request) is counted, not timed: one bad answer must not end the run.
  const burst = async (side: keyof typeof sides, chatters: RoutedUser[], message: string) => {
    const record = sides[side];
    const before = postgresCpuTicks();
    const timings = await Promise.all(
      chatters.map((user) =>
        chatThroughApp(user.appUrl, user, message).catch((error: unknown) => {
          errors.push(`${side}: ${String(error)}`);
          record.failed += 1;
          return null;
        }),
      ),
    );
    const after = postgresCpuTicks();
    record.databaseMs =
      before === null || after === null || record.databaseMs === null
        ? null
        : record.databaseMs + postgresCpuMsBetween(before, after);
    for (const timing of timings) if (timing) record.timings.push(timing);
  };
  const [appBefore, referenceBefore, fakeBefore] = await Promise.all([appsCpu(), referenceCpu(), cpuMs(fake.child)]);
  for (let round = 0; round < rounds; round++) {
    const message = `Round ${round}: ${question}`;
    const runs = [
      async () => direct.push(...(await Promise.all(users.map(() => chatDirect(fake.url, message))))),
      () => burst("ours", users, message),
      ...(reference ? [() => burst("reference", reference.users, message)] : []),
    ];
    for (let i = 0; i < runs.length; i++) await runs[(round + i) % runs.length]?.();
  }
  const [appAfter, referenceAfter, fakeAfter] = await Promise.all([appsCpu(), referenceCpu(), cpuMs(fake.child)]);
  const perChat = (side: keyof typeof sides, cpu: number): SideResult => {
    const { timings, failed, databaseMs } = sides[side];
    const chats = timings.length + failed;
    return { timings, cpu: cpu / chats, databaseCpu: databaseMs === null ? null : databaseMs / chats };
  };
  const ours = perChat("ours", appAfter - appBefore);
  const appChats = ours.timings.length + sides.ours.failed;
  const referenceChats = reference ? sides.reference.timings.length + sides.reference.failed : 0;
  return {
    direct,
    ours: ours.timings,
    errors,
    appCpu: ours.cpu,
    databaseCpu: ours.databaseCpu,
    reference: reference ? perChat("reference", referenceAfter - referenceBefore) : null,
    // The fake streamed every direct chat and every chat the app and the reference relayed.
    fakeCpu: (fakeAfter - fakeBefore) / (direct.length + appChats + referenceChats),
  };
}

type Level = Awaited<ReturnType<typeof runLevel>>;

/** The app beside the reference: added TTFT and CPU per chat (with PostgreSQL's); verdict lines at the burst. */
function summariseReference(level: Level, concurrency: number): string[] {
  const reference = level.reference;
  if (!reference) return [];
  const ttftOverhead = (timings: Timing[], p: number) =>
    percentile(
      timings.map((t) => t.ttftMs).sort((a, b) => a - b),
      p,
    ) -
    percentile(
      level.direct.map((t) => t.ttftMs).sort((a, b) => a - b),
      p,
    );
  const [appP50, appP99, refP50, refP99] = [
    ttftOverhead(level.ours, 50),
    ttftOverhead(level.ours, 99),
    ttftOverhead(reference.timings, 50),
    ttftOverhead(reference.timings, 99),
  ];
  const appTotal = level.appCpu + (level.databaseCpu ?? 0);
  const referenceTotal = reference.cpu + (reference.databaseCpu ?? 0);
  console.log(
    `${"".padEnd(25)} reference: TTFT overhead p50 ${fmt(refP50)} p99 ${fmt(refP99)} (app ${appP50.toFixed(2)} / ${appP99.toFixed(2)}); ` +
      `CPU per chat ${reference.cpu.toFixed(2)} ms + PostgreSQL ${(reference.databaseCpu ?? Number.NaN).toFixed(2)} ms ` +
      `(app ${level.appCpu.toFixed(2)} + ${(level.databaseCpu ?? Number.NaN).toFixed(2)}), n=${reference.timings.length} at ${concurrency}`,
  );
  // Overheads near zero make ratios meaningless: a floor of 0.5 ms on the reference's side.
  const ratio = (app: number, ref: number) => app / Math.max(ref, 0.5);
  return [
    `postgres vs reference: app + PostgreSQL CPU per chat ≤ ${REFERENCE_GOALS.cpuRatio}× the reference's and ≤ ${REFERENCE_GOALS.cpuMs} ms: ${verdict(appTotal <= REFERENCE_GOALS.cpuRatio * referenceTotal && appTotal <= REFERENCE_GOALS.cpuMs)} (${appTotal.toFixed(2)} ms vs ${referenceTotal.toFixed(2)} ms, ${(appTotal / referenceTotal).toFixed(2)}×)`,
    `postgres vs reference: added TTFT at a burst of ${concurrency} ≤ ${REFERENCE_GOALS.ttftRatio}× the reference's at p50 and p99: ${verdict(ratio(appP50, refP50) <= REFERENCE_GOALS.ttftRatio && ratio(appP99, refP99) <= REFERENCE_GOALS.ttftRatio)} (p50 ${appP50.toFixed(1)} vs ${refP50.toFixed(1)} ms, p99 ${appP99.toFixed(1)} vs ${refP99.toFixed(1)} ms)`,
  ];
}

const verdicts: string[] = [];
for (const engine of ENGINES) verdicts.push(...(await benchEngine(engine)));
console.log(
  `\nGoals, issue 10 and issue 20 (load average now ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}):`,
);
for (const line of verdicts) console.log(`  ${line}`);
