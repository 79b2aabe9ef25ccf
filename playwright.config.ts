import { defineConfig } from "@playwright/test";
import { OFFLINE_APP } from "./e2e/support/accounts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/support/chromium";

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: OFFLINE_APP,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      command: "npx tsx e2e/support/e2e-server.ts --port 5100 --data .e2e-data/offline",
      url: `${OFFLINE_APP}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
