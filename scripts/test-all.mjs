// `npm test`: every tier of the suite, in order of speed, each run even when one before it
// failed — unit tests (no database, seconds), server tests (Vitest; PGlite always, PostgreSQL too when TEST_DATABASE_URL is
// set), the web build, then the Playwright journeys in Debian's Chromium (on the same engines).
// Counts come from each runner's JSON report, never from its console text; a tier that ends
// without a report, or fails with no failing test in it, counts as one failure. The last line
// is `N passed, N failed, N skipped` and the exit code is non-zero on any failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { performance } from "node:perf_hooks";

const reports = mkdtempSync(join(tmpdir(), "agentdesk-test-reports-"));
const vitestReport = join(reports, "vitest.json");
const playwrightReport = join(reports, "playwright.json");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The journeys' output directory, named here (in the form e2e/support/run-output-dir.ts gives it,
// tagged with this process, which outlives the runner) so that their apps' logs can be shown.
const journeysOutput =
  process.env.AGENTDESK_E2E_OUTPUT_DIR ??
  join(process.cwd(), "test-results", `run-${new Date().toISOString().replace(/[:.]/g, "-")}-pid${process.pid}`);

const vitestLane = (name, projects, report) => ({
  name,
  command: "npx",
  args: [
    "vitest",
    "run",
    ...projects.flatMap((project) => ["--project", project]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ],
  count: () => countVitest(JSON.parse(readFileSync(report, "utf8"))),
});

const tiers = [
  vitestLane("unit tests", ["unit", "components"], join(reports, "unit.json")),
  vitestLane("server tests", ["database"], vitestReport),
  // One check with no report of its own: it passes or fails by its exit code.
  {
    name: "web build",
    command: "node",
    args: ["scripts/build-if-needed.mjs"],
    count: (exitStatus) => ({ passed: exitStatus === 0 ? 1 : 0, failed: exitStatus === 0 ? 0 : 1, skipped: 0 }),
  },
  {
    name: "browser journeys",
    command: "npx",
    args: ["playwright", "test"],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport, AGENTDESK_E2E_OUTPUT_DIR: journeysOutput },
    precondition: () =>
      existsSync(chromium)
        ? null
        : `Chromium not found at ${chromium}: apt-get install -y chromium, or set CHROMIUM_PATH.`,
    count: () => countPlaywright(JSON.parse(readFileSync(playwrightReport, "utf8"))),
    afterFailure: () => printAppLogs(join(journeysOutput, "servers")),
  },
];

/**
 * What the journey apps logged (warnings and errors; e2e/support/server-process.ts keeps them),
 * printed after a failed journey: a CI log is often all that is left of a run.
 */
function printAppLogs(directory) {
  if (!existsSync(directory)) return;
  for (const file of readdirSync(directory).sort()) {
    const lines = readFileSync(join(directory, file), "utf8").split("\n").filter(Boolean);
    if (lines.length <= 1) continue; // Only its "listening" line.
    console.log(`\n=== ${file}, last ${Math.min(lines.length, 40)} of ${lines.length} lines ===`);
    console.log(lines.slice(-40).join("\n"));
  }
}

/**
 * Vitest's JSON: per-file results; a file that failed with no failing test (import error, hook)
 * is one failure. Failing tests are named, so the summary (the part of a CI log that survives
 * truncation) says what failed.
 */
function countVitest(report) {
  const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
  for (const file of report.testResults) {
    const where = relative(process.cwd(), file.name);
    const statuses = file.assertionResults.map((test) => test.status);
    for (const test of file.assertionResults) {
      if (test.status === "passed") counts.passed += 1;
      else if (test.status === "failed") {
        counts.failed += 1;
        counts.failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      } else counts.skipped += 1;
    }
    if (file.status === "failed" && !statuses.includes("failed")) {
      counts.failed += 1;
      counts.failures.push(`${where}: ${firstLine(file.message)}`);
    }
  }
  return counts;
}

/** Playwright's JSON stats: expected and flaky passed, unexpected failed (each named). */
function countPlaywright(report) {
  const { expected, flaky, unexpected, skipped } = report.stats;
  const failures = [];
  const flakes = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === "flaky") {
          const error = test.results.find((result) => result.error)?.error?.message;
          flakes.push(`[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
        }
        if (test.status !== "unexpected") continue;
        const error = test.results.at(-1)?.error?.message;
        failures.push(
          `[${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}: ${firstLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return { passed: expected + flaky, failed: unexpected, skipped, failures, flakes };
}

/** The first non-empty line of an error message, without terminal colours, cut to fit a line. */
function firstLine(message = "") {
  const line =
    stripVTControlCharacters(message)
      .split("\n")
      .find((text) => text.trim()) ?? "";
  return line.trim().slice(0, 240);
}

function runTier(tier) {
  const refusal = tier.precondition?.();
  if (refusal) {
    console.error(refusal);
    return { passed: 0, failed: 1, skipped: 0, note: "not run" };
  }
  const result = spawnSync(tier.command, tier.args, { stdio: "inherit", env: { ...process.env, ...tier.env } });
  const exit = result.status ?? result.signal ?? "no exit status";
  let counts;
  try {
    counts = tier.count(result.status);
  } catch (error) {
    console.error(`${tier.name}: no usable report (${error.message}).`);
    return { passed: 0, failed: 1, skipped: 0, note: `exit ${exit}, no report` };
  }
  if (counts.failed > 0 || result.status !== 0) tier.afterFailure?.();
  if (result.status !== 0 && counts.failed === 0) {
    return { ...counts, failed: 1, note: `exit ${exit} with no failing test in the report` };
  }
  return counts;
}

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: server tests and journeys run on embedded PGlite only.");
}
const summary = [];
for (const tier of tiers) {
  console.log(`\n=== ${tier.name} ===`);
  const started = performance.now();
  const counts = runTier(tier);
  summary.push({ name: tier.name, ...counts, seconds: (performance.now() - started) / 1000 });
}
rmSync(reports, { recursive: true, force: true });

// A journey that failed once and passed on its retry (playwright.config.ts) passes, but is named
// here: a flaky test is a bug to fix, not a pass to forget.
const flakes = summary.flatMap((tier) => tier.flakes ?? []);
if (flakes.length > 0) console.log(`\n=== passed only on retry ===\n${flakes.map((name) => `~ ${name}`).join("\n")}`);
const failures = summary.flatMap((tier) => tier.failures ?? []);
if (failures.length > 0) console.log(`\n=== failed ===\n${failures.map((name) => `✗ ${name}`).join("\n")}`);
const total = { passed: 0, failed: 0, skipped: 0 };
console.log("\n=== summary ===");
for (const tier of summary) {
  for (const key of Object.keys(total)) total[key] += tier[key];
  const figures = `${tier.passed} passed, ${tier.failed} failed, ${tier.skipped} skipped, ${tier.seconds.toFixed(1)} s`;
  console.log(`${tier.name.padEnd(24)}${figures}${tier.note ? ` (${tier.note})` : ""}`);
}

console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
