/**
 * Builds the real app on a real database for HTTP tests: in-memory PGlite, and PostgreSQL
 * (a fresh database per app) when TEST_DATABASE_URL is set. `describeEachEngine` runs a
 * suite once per engine.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe } from "vitest";
import type { AppDeps } from "../app-deps.js";
import { createManualClock } from "../clock.js";
import { loadConfig, type Config } from "../config.js";
import { openDatabase, type Database } from "../db/connect.js";
import { createRuntime, type RuntimeOptions } from "../runtime/create-runtime.js";
import { pgliteSnapshot, postgresTemplate } from "./database-templates.js";
import { createTestPostgresDatabase } from "./postgres-database.js";

export type Engine = "pglite" | "postgres";

export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export function describeEachEngine(name: string, suite: (engine: Engine) => void): void {
  for (const engine of ENGINES) describe(`${name} [${engine}]`, () => suite(engine));
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  clock: ReturnType<typeof createManualClock>;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Reuse a database (e.g. to restart the app on the same data). */
  database?: Database;
  /** The app's clock; a manual clock at 2026-06-01 09:00 UTC by default. */
  clock?: ReturnType<typeof createManualClock>;
  overrides?: RuntimeOptions["overrides"];
  keepDatabase?: boolean;
}

export async function openTestDatabase(engine: Engine): Promise<{ database: Database; drop(): Promise<void> }> {
  if (engine === "pglite") {
    const database = await openDatabase({ memory: true, snapshot: pgliteSnapshot() });
    return { database, drop: () => database.close() };
  }
  const pgDb = await createTestPostgresDatabase({ template: postgresTemplate() });
  const database = await openDatabase({ url: pgDb.url });
  return {
    database,
    async drop() {
      await database.close();
      await pgDb.drop();
    },
  };
}

export async function startTestApp(engine: Engine, options: TestAppOptions = {}): Promise<TestApp> {
  const opened = options.database
    ? { database: options.database, drop: async () => undefined }
    : await openTestDatabase(engine);
  const config = loadConfig({
    SESSION_SECRET: "test-secret-test-secret-test-secret",
    DATA_DIR: "/tmp/agentdesk-test-unused",
    LOG_LEVEL: "silent",
    // A sweep on the real clock would ask the model in the middle of a test that counts its calls
    // (it did on a slow CI run); outcome tests sweep by hand on the manual clock.
    OUTCOME_SWEEP_INTERVAL_MS: "0",
    ...options.env,
  });
  const clock = options.clock ?? createManualClock(new Date("2026-06-01T09:00:00Z"));
  const { app, deps, close } = await createRuntime(config, {
    database: opened.database,
    clock,
    ...(options.overrides ? { overrides: options.overrides } : {}),
  });
  await app.ready();
  return {
    app,
    deps,
    clock,
    config,
    async close() {
      // The test is over: nothing is owed to a connection its client left open, and close() would
      // wait for it (one that fetch had opened but never used held a close for 62 s).
      app.server.closeAllConnections();
      await close();
      if (!options.keepDatabase) await opened.drop();
    },
  };
}

/** Reads the `sid` cookie from a response as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === "sid");
  if (!cookie) throw new Error(`no session cookie (status ${res.statusCode}: ${res.body})`);
  return `sid=${cookie.value}`;
}
