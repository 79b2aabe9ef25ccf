/**
 * Starts a real app for Playwright on a fresh PGlite data directory, with the owner account
 * already created: `tsx e2e/support/e2e-server.ts --port 5100 --data .e2e-data/offline [--llm URL] [--stt URL]`.
 */
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildApp } from "../../server/app.js";
import { createAdmin } from "../../server/auth/service.js";
import { systemClock } from "../../server/clock.js";
import { loadConfig } from "../../server/config.js";
import { openDatabase } from "../../server/db/connect.js";
import { createProviders } from "../../server/providers/create-providers.js";
import { createInProcessBus } from "../../server/realtime/event-bus.js";
import { OWNER } from "./accounts.js";

const { values } = parseArgs({
  options: { port: { type: "string" }, data: { type: "string" }, llm: { type: "string" }, stt: { type: "string" } },
});
if (!values.port || !values.data) throw new Error("--port and --data are required");

rmSync(values.data, { recursive: true, force: true });
const env: Record<string, string> = {
  PORT: values.port,
  DATA_DIR: values.data,
  LOG_LEVEL: "warn",
  OWNER_EMAIL: OWNER.email,
};
if (values.llm) Object.assign(env, { LLM_BASE_URL: values.llm, LLM_API_KEY: "test-key", LLM_MODEL: "fake-model" });
// Server-side speech-to-text (the voice journeys transcribe the fake microphone through it).
if (values.stt) Object.assign(env, { STT_BASE_URL: values.stt, STT_API_KEY: "test-key", STT_MODEL: "fake-whisper" });
const config = loadConfig(env);
const database = await openDatabase({ dataDir: config.dataDir });
const bus = createInProcessBus();
const owner = await createAdmin(
  { db: database.db, clock: systemClock, bus, sessionSecret: config.sessionSecret },
  OWNER.email,
  OWNER.password,
);
await database.db.execute(
  `update users set full_name = '${OWNER.fullName}', first_name = 'Olivia', last_name = 'Owner' where id = '${owner.id}'`,
);

const app = await buildApp({
  config,
  db: database,
  clock: systemClock,
  bus,
  ...createProviders(config),
  webRoot: fileURLToPath(new URL("../../dist/web", import.meta.url)),
  logger: { level: "warn" },
});
await app.listen({ port: config.PORT, host: "127.0.0.1" });
