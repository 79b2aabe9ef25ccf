/**
 * The Playwright `test` every journey uses. The project's `engine` option names the database engine; a journey
 * names the app it drives with `test.use({ app: "model" })` (default: the offline app), and
 * `baseURL` and `apps` point at the servers the global setup started for that engine.
 */
import { expect, test as base } from "@playwright/test";
import { readAppUrls, type AppName, type AppUrls, type Engine } from "./journey-apps.js";

export interface JourneyOptions {
  app: AppName;
}

export interface JourneyWorkerFixtures {
  engine: Engine;
  apps: AppUrls;
}

export const test = base.extend<JourneyOptions, JourneyWorkerFixtures>({
  engine: ["pglite", { option: true, scope: "worker" }],
  apps: [async ({ engine }, use) => use(readAppUrls(engine)), { scope: "worker" }],
  app: ["offline", { option: true }],
  baseURL: async ({ apps, app, engine }, use) => {
    const url = apps[app] as string | undefined;
    if (!url) throw new Error(`no ${app} app is started on ${engine}: add it to APPS_ON in journey-apps.ts`);
    await use(url);
  },
});

export { expect };
