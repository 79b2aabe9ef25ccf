/** Process entry: config → database → app → listen; graceful shutdown on SIGTERM/SIGINT. */
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { systemClock } from "./clock.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/connect.js";
import { createProviders } from "./providers/create-providers.js";
import { createEventBus } from "./realtime/create-event-bus.js";

const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
const bus = await createEventBus(database);
const providers = createProviders(config);
const app = await buildApp({
  config,
  db: database,
  clock: systemClock,
  bus,
  ...providers,
  webRoot: fileURLToPath(new URL("../dist/web", import.meta.url)),
  logger: { level: config.LOG_LEVEL },
});

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info({ signal }, "shutting down: finishing in-flight requests");
  const force = setTimeout(() => process.exit(1), 15_000).unref();
  try {
    await app.close();
    await bus.close();
    await providers.tts.close?.();
    await database.close();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(
  `AgentDesk ready on http://localhost:${config.PORT} (database: ${database.engine}, model: ${providers.llm.kind}, voice: ${providers.tts.kind})`,
);
