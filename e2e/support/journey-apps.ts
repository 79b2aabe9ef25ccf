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
 * The tag of a journey whose behaviour is the browser's alone (layout, focus, client timers,
 * clipboard, theme, the static page and its chunks, screenshots and axe): it runs on the
 * SCREEN_ENGINE only, since the engine storing the data cannot change what it proves. Every
 * journey that writes or reads data the feature is about runs on both engines (decision 135).
 */
export const BROWSER_ONLY = "@browser-only";

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
