/**
 * Each run of the journeys keeps its traces, screenshots and report in a directory of its own
 * under test-results/. Playwright empties its outputDir when a run starts, so with one shared
 * directory a second run in the same checkout deleted the first one's traces mid-run.
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { belongsToLiveRun, runTag } from "./finished-runs.js";

const RESULTS_ROOT = fileURLToPath(new URL("../../test-results", import.meta.url));
const OUTPUT_DIR_VARIABLE = "AGENTDESK_E2E_OUTPUT_DIR";

/** Chosen once, in the runner's process (where the config is read first); its workers inherit it. */
export function runOutputDir(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  process.env[OUTPUT_DIR_VARIABLE] ??= join(RESULTS_ROOT, `run-${stamp}-${runTag()}`);
  return process.env[OUTPUT_DIR_VARIABLE];
}

/** What Playwright's own clean-up did, minus the runs still going: removes everything else. */
export function removeFinishedRunsOutput(): void {
  if (!existsSync(RESULTS_ROOT)) return;
  for (const entry of readdirSync(RESULTS_ROOT)) {
    if (!belongsToLiveRun(entry)) rmSync(join(RESULTS_ROOT, entry), { recursive: true, force: true });
  }
}
