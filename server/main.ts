/** Process entry: config → database → app → listen; graceful shutdown on SIGTERM/SIGINT. */
import { fileURLToPath } from "node:url";
import { loadConfig } from "./config.js";
import { serveBackupsOnSocket } from "./db/backup-socket.js";
import { createRuntime } from "./runtime/create-runtime.js";
import { releaseMemoryWhenIdle } from "./runtime/idle-memory.js";

/**
 * The built web app: dist/web beside the repository's server/ under tsx, or beside dist/server/
 * when this file runs compiled (scripts/build-server.mjs keeps the layout, one level down).
 */
const WEB_ROOT = new URL(import.meta.url.endsWith(".ts") ? "../dist/web" : "../web", import.meta.url);

const config = loadConfig();
const runtime = await createRuntime(config, {
  webRoot: fileURLToPath(WEB_ROOT),
  logger: { level: config.LOG_LEVEL },
});
const { app, deps } = runtime;
// Lets `npm run backup` snapshot embedded PGlite while the app runs (no-op on PostgreSQL).
await serveBackupsOnSocket(deps.db, config.dataDir);

let shuttingDown = false;
/**
 * SIGTERM/SIGINT: stop accepting at once (new requests on kept-alive sockets get 503), let
 * in-flight requests and streams finish for up to SHUTDOWN_GRACE_MS, then cut what is left,
 * close the event bus, speech workers and database pool, and exit.
 */
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  const started = Date.now();
  app.log.info({ signal }, "shutting down: finishing in-flight requests");
  const cutStreams = setTimeout(() => app.server.closeAllConnections(), config.SHUTDOWN_GRACE_MS).unref();
  const force = setTimeout(() => {
    app.log.error("shutdown did not finish in time; exiting");
    process.exit(1);
  }, config.SHUTDOWN_GRACE_MS + 5_000).unref();
  let code = 0;
  try {
    await runtime.close();
    clearTimeout(cutStreams);
  } catch (err) {
    app.log.error({ err }, "shutdown failed");
    code = 1;
  } finally {
    clearTimeout(force);
    app.log.info({ ms: Date.now() - started }, "stopped");
    process.exit(code);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: config.PORT, host: config.HOST });
releaseMemoryWhenIdle();
// With PORT=0 the system picks the port; say which one it picked.
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : config.PORT;
app.log.info(
  `AgentDesk ready on http://localhost:${port} (database: ${deps.db.engine}, model: ${deps.llm.kind}, voice: ${deps.tts.kind})`,
);
