import { defineConfig } from "@playwright/test";
import { FAKE_PROVIDER_PORT, MODEL_APP, OFFLINE_APP } from "./e2e/support/accounts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/support/chromium";
import { VOICE_APP } from "./e2e/support/voice-app";

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
    {
      // The OpenAI-compatible fake the model app talks to (streams its reply slowly on purpose).
      command: "npx tsx e2e/support/fake-provider-server.ts",
      url: `http://127.0.0.1:${FAKE_PROVIDER_PORT}/v1/models`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx tsx e2e/support/e2e-server.ts --port 5101 --data .e2e-data/model --llm http://127.0.0.1:${FAKE_PROVIDER_PORT}/v1`,
      url: `${MODEL_APP}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The voice journeys: model and speech-to-text both through the fake provider.
      command: `npx tsx e2e/support/e2e-server.ts --port 5102 --data .e2e-data/voice --llm http://127.0.0.1:${FAKE_PROVIDER_PORT}/v1 --stt http://127.0.0.1:${FAKE_PROVIDER_PORT}/v1`,
      url: `${VOICE_APP}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
