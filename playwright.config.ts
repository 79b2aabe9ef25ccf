import { defineConfig, type Project } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/support/chromium";
import { ON_BOTH_ENGINES, SCREEN_ENGINE, journeyEngines } from "./e2e/support/journey-apps";
import { runOutputDir } from "./e2e/support/run-output-dir";
import type { JourneyOptions, JourneyWorkerFixtures } from "./e2e/support/journey-test";

// The servers are started by the global setup, each on a port the system picks (no webServer
// entries: those need a port known in advance). One project per database engine.
const outputDir = runOutputDir();

/** The journeys that hold a call with the fake microphone (they use e2e/support/voice-fake-mic.ts). */
const CALL_JOURNEYS = /(?:voice(?:-[\w-]+)?|dictation)\.spec\.ts$/;

export default defineConfig<JourneyOptions, JourneyWorkerFixtures>({
  testDir: "e2e",
  // Both are hang detectors sized for a loaded 2-core machine, not speed limits: under
  // `stress --cpu 2` a first PDF read (its worker starting) and a first greeting (the speech
  // workers starting) each took over 10 s. Every screenshot now also runs axe-core at both
  // widths, which at load 15-20 took single journeys past 90 s; in a stress run at load ~17 the
  // longest journeys took 2.7-3.9 min, so the detector sits at twice that: 8 min.
  timeout: 480_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  // Three on two cores (decision 167): the calls hold one worker through real-time audio, using
  // little CPU, and with two workers the other one alone was left to the rest of the journeys
  // meanwhile: the tier ran at 74-91 % of the cores. With three, 93-98 %, and 572 s became 491 s.
  workers: 3,
  // One retry: CI runs on a machine other work may load, and a journey that meets a slow moment
  // once should not hide a whole session's work. `npm test` names every journey that passed
  // only on its retry, so flakiness stays visible and gets fixed.
  retries: 1,
  // A stray test.only must fail the run on a laptop too, not only where CI is set.
  forbidOnly: true,
  // The JSON report is what `npm test` counts (PLAYWRIGHT_JSON_OUTPUT_FILE moves it).
  reporter: [["list"], ["json", { outputFile: `${outputDir}/journeys.json` }]],
  // test-results/run-…: a run beside this one in the same checkout must not empty it.
  outputDir,
  globalSetup: "./e2e/support/global-setup.ts",
  use: {
    // A trace on the retry only: recording one for every journey (and deleting it on a pass)
    // was the largest single cost of the tier: its screencast kept Chromium's compositor encoding
    // frames. Eleven journeys took 4.2 min with it and 2.7 min without, same hour. A journey that
    // fails runs again, traced; one that passes only on its retry leaves that trace behind too.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  // Every journey on the screen engine (PGlite); the tagged few on PostgreSQL too (decision 160).
  // The calls (voice and dictation) hold one machine-wide slot between them (voice-fake-mic.ts),
  // in a project of their own with one worker, listed first (decision 164): Playwright then gives
  // the other worker the other journeys meanwhile. With the calls last under the slot alone, the
  // second worker waited out ~4.5 minutes of real-time audio with its core idle; same hour, the
  // tier took 8.9 min this way against 11.0 min that way.
  projects: journeyEngines().flatMap((engine): Project<JourneyOptions, JourneyWorkerFixtures>[] =>
    engine === SCREEN_ENGINE
      ? [
          { name: `${engine} calls`, use: { engine }, testMatch: CALL_JOURNEYS, workers: 1 },
          { name: engine, use: { engine }, testIgnore: CALL_JOURNEYS },
        ]
      : [{ name: engine, use: { engine }, grep: new RegExp(ON_BOTH_ENGINES) }],
  ),
});
