/**
 * Child process of the chat-overhead benchmark: the real app on PostgreSQL (BENCH_DATABASE_URL)
 * or an in-memory PGlite (BENCH_ENGINE=pglite), with the OpenAI-compatible provider pointed at
 * the fake, listening on a free loopback port. Own process, so the client's work does not share
 * the app's event loop. Reports its URL over IPC; answers "cpu", the profile window
 * (cpu-child.ts) and "approve-all" (the bench's users skip the admin's approval).
 */
import { sql } from "drizzle-orm";
import { loadConfig } from "../../server/config.js";
import { openDatabase } from "../../server/db/connect.js";
import { createOpenAiCompatibleLlm } from "../../server/providers/llm/openai-compatible-llm.js";
import { createRuntime } from "../../server/runtime/create-runtime.js";
import { answerBenchRequests } from "./cpu-child.js";

const databaseUrl = process.env.BENCH_DATABASE_URL;
const llmUrl = process.env.BENCH_LLM_URL;
const pglite = process.env.BENCH_ENGINE === "pglite";
if ((!databaseUrl && !pglite) || !llmUrl)
  throw new Error("BENCH_DATABASE_URL (or BENCH_ENGINE=pglite) and BENCH_LLM_URL are required");

const config = loadConfig({
  // The reference server (reference-server.ts) reads the same sessions, so the orchestrator hands both the secret.
  SESSION_SECRET: process.env.BENCH_SESSION_SECRET ?? "bench-secret-bench-secret-bench-secret",
  DATA_DIR: "/tmp/agentdesk-bench-unused",
  LOG_LEVEL: "silent",
});
const database = await openDatabase(pglite ? { memory: true } : { url: databaseUrl ?? "" });
const runtime = await createRuntime(config, {
  database,
  logger: false,
  // bench/widget/paint.ts serves the built web app (widget.js) from the same process.
  ...(process.env.BENCH_WEB_ROOT ? { webRoot: process.env.BENCH_WEB_ROOT } : {}),
  overrides: {
    llm: createOpenAiCompatibleLlm({
      baseUrl: llmUrl,
      model: "fake-model",
      timeoutMs: 30_000,
      firstByteTimeoutMs: 10_000,
    }),
  },
});
const { app } = runtime;
const url = await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ ready: url });
// The orchestrator asks for CPU time around each level: app CPU per chat is our cost, whatever else the machine runs.
answerBenchRequests();
process.on("message", (message) => {
  if (message !== "approve-all") return;
  void database.db
    .execute(sql`update users set approval_status = 'approved'`)
    .then(() => process.send?.({ approved: true }));
});
process.on("disconnect", () => {
  void (async () => {
    await runtime.close();
    await database.close();
    process.exit(0);
  })();
});
