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
  baseURL: async ({ apps, app }, use) => use(apps[app]),
});

export { expect };
