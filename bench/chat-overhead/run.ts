/**
 * Chat overhead benchmark: what our SSE chat API adds to a model's time to first token and
 * total time, at 1, 50 and 200 concurrent chats, on PostgreSQL. `npm run bench:chat`; with
 * `-- --knowledge` the same levels run again on agents that hold a returns policy, asked a
 * question it answers, so the added time includes retrieving passages.
 *
 * Three processes on loopback: this client, the fake provider (fixed timing) and the app. Each
 * round sends the same number of chats straight to the fake and through the app; the overhead
 * is our percentile minus the direct one. See bench/README.md.
 */
import { fork, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createTestPostgresDatabase } from "../../server/test-support/test-app.js";
import { chatDirect, chatThroughApp, percentile, type BenchUser, type Timing } from "./client.js";

const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";
/** Concurrency → rounds; a bounded number of chats at every level. */
const LEVELS: [concurrency: number, rounds: number][] = [
  [1, 60],
  [50, 10],
  [200, 5],
];
const TARGET = { concurrency: 50, p50: 3, p99: 15 };
const WITH_KNOWLEDGE = process.argv.includes("--knowledge");
const KNOWLEDGE_FILE = new URL("../knowledge/corpus/returns-en.md", import.meta.url);

process.env.TEST_DATABASE_URL ??= DEFAULT_DATABASE_URL;

function startChild(file: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), [], {
    // BENCH_PROFILE=dir writes a CPU profile of each child there, to find what the hot path spends.
    execArgv: [
      "--import",
      "tsx",
      ...(process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (message) => resolve({ child, url: (message as { ready: string }).ready }));
    child.once("exit", (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

/** The app process's user+system CPU time so far, in ms. */
function appCpuMs(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      const cpu = (message as { cpu?: NodeJS.CpuUsage }).cpu;
      if (!cpu) return;
      child.off("message", onMessage);
      resolve((cpu.user + cpu.system) / 1000);
    };
    child.on("message", onMessage);
    child.send("cpu");
  });
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

async function makeUsers(appUrl: string, databaseUrl: string, count: number): Promise<BenchUser[]> {
  const emails = Array.from({ length: count }, (_, i) => `bench${i}@example.com`);
  await inBatches(emails, 25, async (email) => {
    const res = await fetch(`${appUrl}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email,
        password: "bench-password",
        fullName: "Bench User",
        companyName: email,
        phoneNumber: "1",
        address: "Loopback 1",
      }),
    });
    if (res.status !== 201) throw new Error(`signup ${res.status}: ${await res.text()}`);
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query("update users set approval_status = 'approved'");
  await db.end();

  const users: BenchUser[] = [];
  await inBatches(emails, 25, async (email) => {
    const login = await fetch(`${appUrl}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "bench-password" }),
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const agent = await fetch(`${appUrl}/api/agents`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        name: "Bench Agent",
        gender: "female",
        role: "Benchmark",
        customPrompt: "Answer briefly.",
      }),
    });
    if (agent.status !== 201) throw new Error(`agent ${agent.status}: ${await agent.text()}`);
    users.push({ cookie, agentId: ((await agent.json()) as { id: string }).id, conversationId: null });
  });
  return users;
}

/** A second agent per user, holding the returns policy as pasted knowledge (ready at once: no embeddings). */
async function withKnowledgeAgents(appUrl: string, users: BenchUser[]): Promise<BenchUser[]> {
  const text = await readFile(KNOWLEDGE_FILE, "utf8");
  const knowing: BenchUser[] = [];
  await inBatches(users, 25, async (user) => {
    const headers = { "content-type": "application/json", cookie: user.cookie };
    const agent = await fetch(`${appUrl}/api/agents`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Bench Knowledge Agent", gender: "female", role: "Support" }),
    });
    if (agent.status !== 201) throw new Error(`agent ${agent.status}: ${await agent.text()}`);
    const agentId = ((await agent.json()) as { id: string }).id;
    const doc = await fetch(`${appUrl}/api/agents/${agentId}/knowledge`, {
      method: "POST",
      headers,
      body: JSON.stringify({ title: "Returns policy", text }),
    });
    if (doc.status !== 201) throw new Error(`knowledge ${doc.status}: ${await doc.text()}`);
    knowing.push({ cookie: user.cookie, agentId, conversationId: null });
  });
  return knowing;
}

const fmt = (ms: number) => ms.toFixed(2).padStart(8);

function summarise(label: string, direct: Timing[], ours: Timing[]) {
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
  const total = row("totalMs");
  for (const [name, r] of [
    ["TTFT ", ttft],
    ["total", total],
  ] as const) {
    console.log(
      `${label.padEnd(25)} ${name}  direct p50 ${fmt(r.direct[0] ?? 0)} p99 ${fmt(r.direct[1] ?? 0)} | ours p50 ${fmt(r.ours[0] ?? 0)} p99 ${fmt(r.ours[1] ?? 0)} | overhead p50 ${fmt(r.overhead[0] ?? 0)} p99 ${fmt(r.overhead[1] ?? 0)}  (ms, n=${ours.length})`,
    );
  }
  return ttft.overhead;
}

const database = await createTestPostgresDatabase();
const fake = await startChild("./fake-provider.ts");
const app = await startChild("./app-server.ts", { BENCH_DATABASE_URL: database.url, BENCH_LLM_URL: fake.url });
let verdict = "";
try {
  const maxConcurrency = Math.max(...LEVELS.map(([c]) => c));
  console.log(
    `chat overhead on PostgreSQL — app ${app.url}, fake provider ${fake.url}; setting up ${maxConcurrency} users…`,
  );
  const users = await makeUsers(app.url, database.url, maxConcurrency);
  // Warm-up: every user's conversation exists and every connection pool is filled.
  await Promise.all(users.map((user) => chatThroughApp(app.url, user, "warm up")));
  await Promise.all(users.map(() => chatDirect(fake.url, "warm up")));

  const modes: { label: string; users: BenchUser[]; question: string }[] = [
    { label: "", users, question: "how are we doing?" },
  ];
  if (WITH_KNOWLEDGE) {
    const knowing = await withKnowledgeAgents(app.url, users);
    await Promise.all(knowing.map((user) => chatThroughApp(app.url, user, "warm up")));
    modes.push({ label: " +knowledge", users: knowing, question: "how many days do I have to return an item?" });
  }

  for (const mode of modes)
    for (const [concurrency, rounds] of LEVELS) {
      const direct: Timing[] = [];
      const ours: Timing[] = [];
      const cpuBefore = await appCpuMs(app.child);
      for (let round = 0; round < rounds; round++) {
        const batch = mode.users.slice(0, concurrency);
        const message = `Round ${round}: ${mode.question}`;
        // Alternate which goes first so neither side always meets a warmer machine.
        const runDirect = async () =>
          direct.push(...(await Promise.all(batch.map(() => chatDirect(fake.url, message)))));
        const runOurs = async () =>
          ours.push(...(await Promise.all(batch.map((user) => chatThroughApp(app.url, user, message)))));
        if (round % 2 === 0) {
          await runDirect();
          await runOurs();
        } else {
          await runOurs();
          await runDirect();
        }
      }
      const cpuPerChat = ((await appCpuMs(app.child)) - cpuBefore) / ours.length;
      const [p50, p99] = summarise(`${concurrency} concurrent${mode.label}`, direct, ours);
      console.log(
        `${"".padEnd(25)} app CPU per chat ${cpuPerChat.toFixed(2)} ms; machine load average ${loadavg()[0]?.toFixed(1)}`,
      );
      if (concurrency === TARGET.concurrency && mode.label === "") {
        const met = (p50 ?? Infinity) <= TARGET.p50 && (p99 ?? Infinity) <= TARGET.p99;
        verdict = `target at ${TARGET.concurrency} concurrent (TTFT overhead p50 ≤ ${TARGET.p50} ms, p99 ≤ ${TARGET.p99} ms): ${met ? "met" : "MISSED"}`;
      }
    }
  console.log(verdict);
} finally {
  app.child.disconnect();
  fake.child.disconnect();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await database.drop();
}
