/**
 * The /v1 API's added time to first token (issue 25's goal: within 2 ms of /api/chat),
 * `npm run bench:v1` (`-- --engine postgres` or `pglite` for one). The same app process, fake
 * provider (fixed timing) and agent answer both: a member's streamed /api/chat turn and an API
 * key's streamed /v1/chat/completions, each opening a new conversation, alternated in one run
 * so that whatever else the machine does weighs on both alike. The figure is the /v1 p50 (and
 * p99) minus the /api/chat one, printed beside the goal. Processes as in bench/chat-overhead.
 */
import { loadavg } from "node:os";
import { parseSseFrames } from "../../contracts/chat-sse.js";
import { createTestPostgresDatabase } from "../../server/test-support/postgres-database.js";
import { makeUsers } from "../chat-overhead/bench-users.js";
import { ask, startChild } from "../chat-overhead/children.js";
import { chatThroughApp, percentile, type BenchUser } from "../chat-overhead/client.js";
import { publishWithKey } from "./publish.js";

const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";
const GOAL_ADDED_TTFT_MS = 2;
const WARM_UP = 10;
const ROUNDS = 60;
const engineArg = process.argv[process.argv.indexOf("--engine") + 1];
const ENGINES = (process.argv.includes("--engine") ? [engineArg] : ["postgres", "pglite"]) as ("postgres" | "pglite")[];

process.env.TEST_DATABASE_URL ??= DEFAULT_DATABASE_URL;

/** One streamed /v1 completion, timed to its first content chunk. */
async function completionTtft(appUrl: string, api: { slug: string; key: string }, message: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${appUrl}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${api.key}` },
    body: JSON.stringify({ model: api.slug, stream: true, messages: [{ role: "user", content: message }] }),
  });
  if (!res.ok || !res.body) throw new Error(`/v1 ${res.status}: ${await res.text()}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let ttft = -1;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const parsed = parseSseFrames(buffer + value);
    buffer = parsed.rest;
    for (const frame of parsed.frames) {
      if (frame.data === "[DONE]") continue;
      const chunk = JSON.parse(frame.data) as { choices?: { delta?: { content?: string } }[]; error?: unknown };
      if (chunk.error) throw new Error(`/v1 error frame: ${frame.data}`);
      if (ttft < 0 && chunk.choices?.[0]?.delta?.content) ttft = performance.now() - started;
    }
  }
  if (ttft < 0) throw new Error("/v1 stream ended without content");
  return ttft;
}

/** A member's streamed /api/chat turn on a new conversation, timed to its first delta. */
async function chatTtft(appUrl: string, user: BenchUser, message: string): Promise<number> {
  return (await chatThroughApp(appUrl, { ...user, conversationId: null }, message)).ttftMs;
}

const fmt = (ms: number) => ms.toFixed(2).padStart(7);

async function benchEngine(engine: "postgres" | "pglite"): Promise<string> {
  const database = engine === "postgres" ? await createTestPostgresDatabase() : null;
  const fake = await startChild(new URL("../chat-overhead/fake-provider.ts", import.meta.url));
  const app = await startChild(new URL("../chat-overhead/app-server.ts", import.meta.url), {
    BENCH_ENGINE: engine,
    BENCH_DATABASE_URL: database?.url ?? "",
    BENCH_LLM_URL: fake.url,
  });
  try {
    const [user] = await makeUsers(app.url, 1, () => ask(app.child, "approve-all", "approved"));
    if (!user) throw new Error("no bench user");
    const api = await publishWithKey(app.url, user);
    for (let i = 0; i < WARM_UP; i += 1) {
      await chatTtft(app.url, user, "warm up");
      await completionTtft(app.url, api, "warm up");
    }
    const chat: number[] = [];
    const v1: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      // Alternate which goes first, so neither always runs on a just-woken loop.
      if (i % 2 === 0) {
        chat.push(await chatTtft(app.url, user, "how are we doing?"));
        v1.push(await completionTtft(app.url, api, "how are we doing?"));
      } else {
        v1.push(await completionTtft(app.url, api, "how are we doing?"));
        chat.push(await chatTtft(app.url, user, "how are we doing?"));
      }
    }
    chat.sort((a, b) => a - b);
    v1.sort((a, b) => a - b);
    const added50 = percentile(v1, 50) - percentile(chat, 50);
    const added99 = percentile(v1, 99) - percentile(chat, 99);
    console.log(
      `${engine.padEnd(8)} TTFT /api/chat p50 ${fmt(percentile(chat, 50))} p99 ${fmt(percentile(chat, 99))} | /v1 p50 ${fmt(percentile(v1, 50))} p99 ${fmt(percentile(v1, 99))}  (ms, n=${ROUNDS} each)`,
    );
    const met = added50 <= GOAL_ADDED_TTFT_MS;
    return `${engine}: /v1 adds ${added50.toFixed(2)} ms to TTFT at p50 (${added99.toFixed(2)} at p99); goal ≤ ${GOAL_ADDED_TTFT_MS} ms at p50: ${met ? "met" : "MISSED"}`;
  } finally {
    app.child.disconnect();
    fake.child.disconnect();
    await Promise.all([app, fake].map(({ child }) => new Promise((resolve) => child.once("exit", resolve))));
    await database?.drop();
  }
}

console.log(`/v1 vs /api/chat time to first token — load ${loadavg()[0]?.toFixed(2)}`);
const verdicts: string[] = [];
for (const engine of ENGINES) verdicts.push(await benchEngine(engine));
console.log("");
for (const line of verdicts) console.log(line);
