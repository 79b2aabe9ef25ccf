/**
 * Playwright's global setup: starts the fake OpenAI-compatible provider, then each database
 * engine's apps (journey-apps.ts APPS_ON), every one on a port the system
 * picks, and publishes their addresses for the workers. The function it returns is the global
 * teardown: it stops them all and removes their data (PGlite directories, PostgreSQL databases).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { APPS_ON, journeyEngines, publishAppUrls, type AppName, type AppUrls, type Engine } from "./journey-apps.js";
import { belongsToFinishedRun, runTag } from "./finished-runs.js";
import { createPostgresDatabase, dropDatabasesOfFinishedRuns } from "./postgres-database.js";
import { removeFinishedRunsOutput } from "./run-output-dir.js";
import { startServerProcess } from "./server-process.js";
import { FAKE_PROVIDER_URL_VARIABLE } from "./fake-provider-reply.js";

type Stop = () => Promise<void>;

const DATA_DIR_PREFIX = "agentdesk-e2e-";

const APP_ARGS: Record<AppName, (providerUrl: string) => string[]> = {
  offline: () => [],
  model: (providerUrl) => ["--llm", providerUrl],
  voice: (providerUrl) => ["--llm", providerUrl, "--stt", providerUrl],
  // The fake provider also serves a fake Realtime model at {base}/realtime.
  realtime: (providerUrl) => ["--llm", providerUrl, "--stt", providerUrl, "--realtime", providerUrl],
};

export default async function startJourneyServers(): Promise<Stop> {
  await removeWhatFinishedRunsLeft();
  const stops: Stop[] = [];
  const stopAll = async () => {
    const results = await Promise.allSettled(stops.splice(0).map((stop) => stop()));
    for (const result of results) if (result.status === "rejected") console.error(result.reason);
  };
  try {
    const provider = await startServerProcess("fake provider", "e2e/support/fake-provider-server.ts", []);
    stops.push(provider.stop);
    process.env[FAKE_PROVIDER_URL_VARIABLE] = provider.url;
    const pgliteTemplate = journeyEngines().includes("pglite") ? await preparePgliteTemplate() : undefined;
    if (pgliteTemplate) stops.push(async () => rmSync(pgliteTemplate, { recursive: true, force: true }));
    const starts = journeyEngines().flatMap((engine) =>
      APPS_ON[engine].map(async (name) => {
        const app = await startApp(`${name}/${engine}`, engine, APP_ARGS[name](provider.url), pgliteTemplate);
        stops.push(app.stop);
        return { engine, name, url: app.url };
      }),
    );
    // Every start settles before any cleanup, so none finishes after the teardown has run.
    const started = await Promise.allSettled(starts);
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    const urls: Partial<Record<Engine, AppUrls>> = {};
    for (const result of started) {
      if (result.status !== "fulfilled") continue;
      const { engine, name, url } = result.value;
      urls[engine] = { ...urls[engine], [name]: url } as AppUrls;
    }
    publishAppUrls(urls);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

/**
 * One migrated PGlite data directory for the run, made in a child process (as an app's first
 * start would make it) and copied by every PGlite app: initdb and the migrations ran three times
 * side by side before, and on two cores loaded by other work a PGlite app's start took 170-200 s
 * (one passed the 300 s start bound: the whole journey tier failed with no journey run).
 */
async function preparePgliteTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `${DATA_DIR_PREFIX}${runTag()}-template-`));
  const child = spawn(process.execPath, ["--import", "tsx", "e2e/support/prepare-pglite.ts", "--data", dir], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  if (code !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`preparing the PGlite template failed (${signal ?? `exit code ${code}`})`);
  }
  return dir;
}

/**
 * One app on data of its own: a temporary directory (holding a copy of the migrated PGlite
 * template when there is one), and a new database when on PostgreSQL.
 */
async function startApp(
  label: string,
  engine: Engine,
  args: string[],
  pgliteTemplate: string | undefined,
): Promise<{ url: string; stop: Stop }> {
  const database = engine === "postgres" ? await createPostgresDatabase(postgresAdminUrl()) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), `${DATA_DIR_PREFIX}${runTag()}-`));
  // Only the database files: the session secret beside them is made per app.
  if (engine === "pglite" && pgliteTemplate)
    cpSync(join(pgliteTemplate, "pglite"), join(dataDir, "pglite"), { recursive: true });
  const removeData = async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const databaseArgs = database ? ["--database-url", database.url] : [];
  try {
    const server = await startServerProcess(label, "e2e/support/e2e-server.ts", [
      "--data",
      dataDir,
      ...databaseArgs,
      ...args,
    ]);
    // The data goes only once the app that uses it has stopped.
    return { url: server.url, stop: () => server.stop().then(removeData) };
  } catch (error) {
    await removeData();
    throw error;
  }
}

/** A runner that was killed never ran its teardown: its servers stopped themselves, its data stayed. */
async function removeWhatFinishedRunsLeft(): Promise<void> {
  removeFinishedRunsOutput();
  for (const entry of readdirSync(tmpdir())) {
    if (entry.startsWith(DATA_DIR_PREFIX) && belongsToFinishedRun(entry)) {
      rmSync(join(tmpdir(), entry), { recursive: true, force: true });
    }
  }
  if (process.env.TEST_DATABASE_URL) await dropDatabasesOfFinishedRuns(process.env.TEST_DATABASE_URL);
}

function postgresAdminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("the postgres journeys need TEST_DATABASE_URL");
  return url;
}
