/**
 * Tool-step benchmark (issue 24, `npm run bench:tools`): the app's own time per tool step, over
 * the tool's and the model's. Goal: ≤ 5 ms per step.
 *
 * One process on loopback: the real app (in-memory PGlite, or PostgreSQL with `-- --engine
 * postgres`), the fake OpenAI-compatible model and a real HTTP server the agent's HTTP action
 * calls (auto approval, the policy allowing loopback). Each round, interleaved so none meets a
 * warmer machine: a plain turn (the model answers in words), a turn of STEPS sequential tool
 * steps (the model asks for one call each time, then answers), the tool called straight and the
 * model's tool-call answer asked straight. The app's time per step is
 *   (tool turn − plain turn − STEPS × (tool straight + model's tool-call answer straight)) / STEPS,
 * per round; the figure is its median, for each of several runs, printed beside the goal.
 */
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../server/config.js";
import { openDatabase } from "../../server/db/connect.js";
import { createOpenAiCompatibleLlm } from "../../server/providers/llm/openai-compatible-llm.js";
import { createRuntime } from "../../server/runtime/create-runtime.js";
import { writeToolPolicyRow } from "../../server/tools/queries.js";
import { startFakeOpenAi, type FakeOpenAi } from "../../server/test-support/fake-openai.js";
import { startFakeToolHttpServer } from "../../server/test-support/fake-tool-http-server.js";
import { createTestPostgresDatabase } from "../../server/test-support/postgres-database.js";
import { chatThroughApp, type BenchUser } from "../chat-overhead/client.js";

const GOAL_MS_PER_STEP = 5;
const STEPS = 3;
const RUNS = 3;
const ROUNDS = 30;
const WARM_UP_ROUNDS = 5;
const engine = process.argv.includes("--engine") ? process.argv[process.argv.indexOf("--engine") + 1] : "pglite";
if (engine !== "pglite" && engine !== "postgres") throw new Error("--engine takes pglite or postgres");
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** The model's tool-call answer asked straight: the same stream the app reads in a step. */
async function toolCallAnswerStraight(fake: FakeOpenAi): Promise<number> {
  fake.setBehaviour({ toolCallQueue: [{ calls: [{ name: "order_status", arguments: '{"id":"A-1"}' }] }] });
  return timed(async () => {
    const res = await fetch(`${fake.url}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer not-needed" },
      body: JSON.stringify({ model: "fake-model", stream: true, messages: [{ role: "user", content: "A-1?" }] }),
    });
    await res.text();
  });
}

async function signUp(appUrl: string, approveAll: () => Promise<void>): Promise<BenchUser> {
  const account = { email: "tools-bench@example.com", password: "bench-password" };
  const json = { "content-type": "application/json" };
  const signup = await fetch(`${appUrl}/api/signup`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ ...account, fullName: "Bench", companyName: "Bench", phoneNumber: "1", address: "1" }),
  });
  if (signup.status !== 201) throw new Error(`signup ${signup.status}: ${await signup.text()}`);
  await approveAll();
  const login = await fetch(`${appUrl}/api/login`, { method: "POST", headers: json, body: JSON.stringify(account) });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const agent = await fetch(`${appUrl}/api/agents`, {
    method: "POST",
    headers: { ...json, cookie },
    body: JSON.stringify({ name: "Bench Agent", gender: "female", role: "Benchmark" }),
  });
  if (agent.status !== 201) throw new Error(`agent ${agent.status}: ${await agent.text()}`);
  return { cookie, agentId: ((await agent.json()) as { id: string }).id, conversationId: null };
}

async function main(): Promise<void> {
  const postgres = engine === "postgres" ? await createTestPostgresDatabase() : null;
  const fake = await startFakeOpenAi({ recordRequests: false, chunkCount: 4 });
  const web = await startFakeToolHttpServer();
  const config = loadConfig({
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
    DATA_DIR: "/tmp/agentdesk-bench-unused",
    LOG_LEVEL: "silent",
  });
  const database = await openDatabase(postgres ? { url: postgres.url } : { memory: true });
  const runtime = await createRuntime(config, {
    database,
    logger: false,
    overrides: {
      llm: createOpenAiCompatibleLlm({
        baseUrl: fake.url,
        model: "fake-model",
        timeoutMs: 30_000,
        firstByteTimeoutMs: 10_000,
      }),
    },
  });
  const { app } = runtime;
  try {
    const appUrl = await app.listen({ port: 0, host: "127.0.0.1" });
    await writeToolPolicyRow(database.db, {
      allowedHosts: ["127.0.0.1"],
      allowPrivateNetworks: true,
      maxCallsPerTurn: 10,
      callsPerCompanyPerDay: null,
      updatedAt: new Date(),
    });
    const user = await signUp(appUrl, async () => {
      await database.db.execute(sql`update users set approval_status = 'approved'`);
    });
    const tool = await fetch(`${appUrl}/api/agents/${user.agentId}/tools`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: user.cookie },
      body: JSON.stringify({
        kind: "http",
        name: "order_status",
        description: "The status of an order",
        method: "GET",
        url: `${web.base}/orders/{id}`,
        parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
        approval: "auto",
      }),
    });
    if (tool.status !== 201) throw new Error(`tool ${tool.status}: ${await tool.text()}`);

    const plainTurn = () => {
      fake.setBehaviour({ chunkCount: 4 });
      user.conversationId = null;
      return timed(() => chatThroughApp(appUrl, user, "Where is order A-1?"));
    };
    const toolTurn = () => {
      const call = { calls: [{ name: "order_status", arguments: '{"id":"A-1"}' }] };
      fake.setBehaviour({ chunkCount: 4, toolCallQueue: Array.from({ length: STEPS }, () => call) });
      user.conversationId = null;
      return timed(() => chatThroughApp(appUrl, user, "Where is order A-1?"));
    };
    const toolStraight = () => timed(async () => (await fetch(`${web.base}/orders/A-1`)).text());

    console.log(`tool steps on ${engine}: ${STEPS} steps a turn, ${RUNS} runs of ${ROUNDS} rounds`);
    const perRun: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const added: number[] = [];
      const parts = { plain: [] as number[], tools: [] as number[], tool: [] as number[], model: [] as number[] };
      for (let round = -WARM_UP_ROUNDS; round < ROUNDS; round++) {
        const measures = [
          async () => parts.plain.push(await plainTurn()),
          async () => parts.tools.push(await toolTurn()),
          async () => parts.tool.push(await toolStraight()),
          async () => parts.model.push(await toolCallAnswerStraight(fake)),
        ];
        // Rotated, so no measure always runs first.
        for (let i = 0; i < measures.length; i++) await measures[(round + WARM_UP_ROUNDS + i) % measures.length]?.();
        if (round < 0) {
          for (const list of Object.values(parts)) list.length = 0;
          continue;
        }
        const last = (list: number[]) => list[list.length - 1] ?? NaN;
        added.push((last(parts.tools) - last(parts.plain) - STEPS * (last(parts.tool) + last(parts.model))) / STEPS);
      }
      const perStep = median(added);
      perRun.push(perStep);
      console.log(
        `run ${run + 1}: plain turn ${median(parts.plain).toFixed(2)} ms, ${STEPS}-step turn ${median(parts.tools).toFixed(2)} ms, ` +
          `tool straight ${median(parts.tool).toFixed(2)} ms, model's tool-call answer straight ${median(parts.model).toFixed(2)} ms → ` +
          `app's own time per step: median ${perStep.toFixed(2)} ms (goal ≤ ${GOAL_MS_PER_STEP} ms); load average ${loadavg()[0]?.toFixed(1)}`,
      );
    }
    const verdict = Math.max(...perRun) <= GOAL_MS_PER_STEP ? "met" : "MISSED";
    console.log(
      `\nGoal, issue 24: the app's own time per tool step ≤ ${GOAL_MS_PER_STEP} ms: ${verdict} ` +
        `(medians per run ${perRun.map((ms) => ms.toFixed(2)).join(" / ")} ms)`,
    );
  } finally {
    await runtime.close();
    await database.close();
    await fake.close();
    await web.close();
    await postgres?.drop();
  }
}

await main();
