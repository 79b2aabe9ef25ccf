/**
 * Each run of the journeys keeps its traces, screenshots and report in a directory of its own
 * under test-results/. Playwright empties its outputDir when a run starts, so with one shared
 * directory a second run in the same checkout deleted the first one's traces mid-run.
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const RESULTS_ROOT = fileURLToPath(new URL("../../test-results", import.meta.url));
const OUTPUT_DIR_VARIABLE = "AGENTDESK_E2E_OUTPUT_DIR";
const RUNNER_PID = /-pid(\d+)$/;

/** Chosen once, in the runner's process (where the config is read first); its workers inherit it. */
export function runOutputDir(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  process.env[OUTPUT_DIR_VARIABLE] ??= join(RESULTS_ROOT, `run-${stamp}-pid${process.pid}`);
  return process.env[OUTPUT_DIR_VARIABLE];
}

/** What Playwright's own clean-up did, minus the runs still going: removes everything else. */
export function removeFinishedRuns(): void {
  if (!existsSync(RESULTS_ROOT)) return;
  for (const entry of readdirSync(RESULTS_ROOT)) {
    const runner = RUNNER_PID.exec(entry);
    if (runner && isRunning(Number(runner[1]))) continue;
    rmSync(join(RESULTS_ROOT, entry), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
