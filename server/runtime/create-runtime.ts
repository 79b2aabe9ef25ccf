/**
 * The app put together from its configuration: the database, the event bus, the providers and
 * the Fastify app, with one close() that takes them down in order. The process entry
 * (main.ts), the tests (startTestApp), the journeys' servers, the benchmarks and the
 * upgrade-fixture script all start the app through it, so a new dependency is wired once.
 */
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../app-deps.js";
import { buildApp } from "../app.js";
import { systemClock, type Clock } from "../clock.js";
import type { Config } from "../config.js";
import { openDatabase, type Database } from "../db/connect.js";
import { createEmbeddings, createLlm, createReranker, createStt, createTts } from "../providers/create-providers.js";
import { createEventBus } from "../realtime/create-event-bus.js";

/** What the app is given that the configuration does not choose. */
type Chosen = Omit<AppDeps, "config" | "db" | "clock" | "bus">;

export interface RuntimeOptions {
  /**
   * An open database to run on (a test's, or the same data after a restart): the caller keeps
   * it, and close() leaves it open. Otherwise the configuration's (DATABASE_URL, else PGlite
   * in the data folder) is opened, and closed by close().
   */
  database?: Database;
  clock?: Clock;
  /** The built web app's folder; API-only without it. */
  webRoot?: string;
  logger?: AppDeps["logger"];
  /**
   * Used instead of what the configuration would make: a scripted model, no speech. A provider
   * given here is not made at all, so no speech worker starts for a TTS that is replaced.
   */
  overrides?: Partial<Chosen>;
}

export interface Runtime {
  app: FastifyInstance;
  deps: AppDeps;
  /** The app (its requests finish), the event bus, the speech workers, then the database it opened. */
  close(): Promise<void>;
}

export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const given = options.overrides ?? {};
  // A spread can slip these past the type; here they would be silently replaced.
  for (const own of ["config", "db", "clock", "bus"]) {
    if (own in given)
      throw new Error(`createRuntime: ${own} cannot be overridden (an open database and a clock are options)`);
  }
  const database =
    options.database ??
    (await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir }));
  const bus = await createEventBus(database);
  const [llm, tts, stt, embeddings, reranker] = await Promise.all([
    given.llm ?? createLlm(config),
    given.tts ?? createTts(config),
    "stt" in given ? given.stt : createStt(config),
    "embeddings" in given ? given.embeddings : createEmbeddings(config),
    "reranker" in given ? given.reranker : createReranker(config),
  ]);
  const deps: AppDeps = {
    ...given,
    config,
    db: database,
    clock: options.clock ?? systemClock,
    bus,
    llm,
    tts,
    stt: stt ?? null,
    embeddings,
    reranker,
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
  };
  const app = await buildApp(deps);
  return {
    app,
    deps,
    async close() {
      await app.close();
      await bus.close();
      await tts.close?.();
      if (!options.database) await database.close();
    },
  };
}
