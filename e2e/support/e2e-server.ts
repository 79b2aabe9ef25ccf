/**
 * One real app for the journeys, with the owner account already created, on a port the system
 * picks: `tsx e2e/support/e2e-server.ts --data DIR [--database-url URL] [--llm URL] [--stt URL] [--realtime URL]`.
 * PGlite under DIR, or the PostgreSQL database at URL (DIR then only keeps the session secret).
 * Prints its address once listening (server-ready.ts); global-setup.ts starts it.
 */
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createAdmin } from "../../server/auth/service.js";
import { systemClock } from "../../server/clock.js";
import { loadConfig } from "../../server/config.js";
import { createRuntime } from "../../server/runtime/create-runtime.js";
import { OWNER } from "./accounts.js";
import { announceReadyUntilStopped } from "./server-ready.js";

const { values } = parseArgs({
  options: {
    data: { type: "string" },
    "database-url": { type: "string" },
    llm: { type: "string" },
    stt: { type: "string" },
    realtime: { type: "string" },
  },
});
if (!values.data) throw new Error("--data is required");

const env: Record<string, string> = {
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: values.data,
  LOG_LEVEL: "warn",
  // A journey screenshots a call's pending approval (axe included): on a loaded machine that can outlast a call's 30 s.
  VOICE_APPROVAL_WAIT_MS: "300000",
  // The model's time limits as hang detectors, not the product's 20 s / 60 s: no journey waits for
  // them, and under stress --cpu 2 at a load of 10-12 a regenerated reply once failed (its retry
  // passed) where the first byte's limit is the only clock on the way.
  LLM_FIRST_BYTE_TIMEOUT_MS: "120000",
  LLM_TIMEOUT_MS: "300000",
  OWNER_EMAIL: OWNER.email,
};
if (values["database-url"]) env.DATABASE_URL = values["database-url"];
if (values.llm) Object.assign(env, { LLM_BASE_URL: values.llm, LLM_API_KEY: "test-key", LLM_MODEL: "fake-model" });
// The offline app writes outcomes down after 1.5 s idle instead of 10 minutes, so the outcomes
// journey sees one extracted; the model apps keep the default and never call the fake provider for it.
else Object.assign(env, { OUTCOME_IDLE_AFTER_MS: "1500", OUTCOME_SWEEP_INTERVAL_MS: "500" });
// Server-side speech-to-text (the voice journeys transcribe the fake microphone through it).
if (values.stt) Object.assign(env, { STT_BASE_URL: values.stt, STT_API_KEY: "test-key", STT_MODEL: "fake-whisper" });
// The realtime speech-to-speech engine (decision 141) through a fake Realtime model at that base.
if (values.realtime) Object.assign(env, { REALTIME_BASE_URL: values.realtime, REALTIME_API_KEY: "test-key" });
const config = loadConfig(env);
const runtime = await createRuntime(config, {
  webRoot: fileURLToPath(new URL("../../dist/web", import.meta.url)),
  logger: { level: "warn" },
});
const { app, deps } = runtime;
const owner = await createAdmin(
  { db: deps.db.db, clock: systemClock, bus: deps.bus, sessionSecret: config.sessionSecret },
  OWNER.email,
  OWNER.password,
);
await deps.db.db.execute(
  `update users set full_name = '${OWNER.fullName}', first_name = 'Olivia', last_name = 'Owner' where id = '${owner.id}'`,
);
const url = await app.listen({ port: config.PORT, host: config.HOST });
announceReadyUntilStopped(url, () => runtime.close());
