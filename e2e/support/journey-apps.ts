/**
 * Which apps the journeys run against, and how their addresses travel: the global setup starts
 * every app on a port the system picks and writes the addresses into an environment variable,
 * which the worker processes inherit and read back (see journey-test.ts).
 */

/** Every journey runs on PGlite; on PostgreSQL too when TEST_DATABASE_URL names a server. */
export type Engine = "pglite" | "postgres";

/**
 * offline: no language model configured (offline responder); model: chat through the fake
 * OpenAI-compatible provider; voice: model and server speech-to-text through that provider;
 * realtime: as voice, plus the realtime speech-to-speech engine (a fake Realtime model there).
 */
export type AppName = "offline" | "model" | "voice" | "realtime";

export type AppUrls = Record<AppName, string>;

const APP_URLS_VARIABLE = "AGENTDESK_E2E_APP_URLS";

/**
 * The engine whose journeys also take the screenshots and run axe-core. The page a browser
 * renders is the same whichever engine stores the data, and the audits were a third of the
 * journeys' time: auditing each screen once halved that third (decision 61).
 */
export const SCREEN_ENGINE: Engine = "pglite";

/**
 * The tag of a journey that also runs on PostgreSQL. Every journey runs on PGlite, the engine
 * `npm start` uses; the PostgreSQL project runs only these: the everyday controls issue 23 asks
 * for on both engines, and one journey per path where the engines differ underneath the HTTP
 * API (live events travel by LISTEN/NOTIFY there, in process on PGlite; a streamed reply's
 * writes and an upload's batches meet real concurrent connections). The server tests run every
 * route on both engines; the rest of a journey is the browser's, the same on either (decision 160).
 */
export const ON_BOTH_ENGINES = "@both-engines";

/**
 * The apps started for each engine: the PostgreSQL project's journeys (the tagged ones) drive
 * only the offline and model apps, and each app started is a server process for the whole run.
 */
export const APPS_ON: Record<Engine, readonly AppName[]> = {
  pglite: ["offline", "model", "voice", "realtime"],
  postgres: ["offline", "model"],
};

export function journeyEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export function publishAppUrls(urls: Partial<Record<Engine, AppUrls>>): void {
  process.env[APP_URLS_VARIABLE] = JSON.stringify(urls);
}

export function readAppUrls(engine: Engine): AppUrls {
  const published = process.env[APP_URLS_VARIABLE];
  if (!published) {
    throw new Error(
      `${APP_URLS_VARIABLE} is not set: run the journeys with \`npx playwright test\`, whose global setup starts the apps`,
    );
  }
  const urls = (JSON.parse(published) as Partial<Record<Engine, AppUrls>>)[engine];
  if (!urls) throw new Error(`no ${engine} apps were started (is TEST_DATABASE_URL set?)`);
  return urls;
}
