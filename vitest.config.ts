import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

const TEST_ROOTS = ["server", "contracts", "web"];
const TEST_FILE = /\.test\.tsx?$/;
const testFiles = TEST_ROOTS.flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((path) => TEST_FILE.test(path))
    .map((path) => join(root, path)),
);

/**
 * A test file needs a database (the global setup's migrated templates, seconds to make) when it
 * starts the app, opens a database or a PostgreSQL cluster, or runs the compiled server. Every
 * other file is a unit test: `npm run test:unit` runs those alone, with no setup, in seconds.
 * Read from the imports so that a new test file lands in the right lane without a list to keep.
 */
const NEEDS_DATABASE =
  /test-support\/(?:test-app|postgres-database|private-postgres|compiled-server)|db\/connect|chat-test-support|startTestApp|openTestDatabase/;
const [databaseTests, unitTests] = testFiles.reduce<[string[], string[]]>(
  ([database, unit], file) =>
    NEEDS_DATABASE.test(readFileSync(file, "utf8")) ? [[...database, file], unit] : [database, [...unit, file]],
  [[], []],
);

/** React component tests (jsdom, a DOM per file): each file keeps its own modules (see below). */
const COMPONENT_TEST = /@vitest-environment jsdom/;
const componentTests = unitTests.filter((file) => COMPONENT_TEST.test(readFileSync(file, "utf8")));
const logicTests = unitTests.filter((file) => !componentTests.includes(file));

const shared = {
  // A stray it.only must fail the run everywhere, not only where CI is set.
  allowOnly: false,
  pool: "forks" as const,
  // Hang detectors, not speed limits: on a loaded 2-core machine starting an app on PGlite alone
  // has taken 30 s, and tests never fail on timing.
  testTimeout: 120_000,
  hookTimeout: 180_000,
};

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      // Files share their worker's modules (isolate: false): each file importing the app afresh
      // was most of the database lane's time, ~3 s a file; measured on this machine the lane
      // went from 7 min 47 s to 5 min 32 s, the logic tests from 47 s to 32 s, every test passing.
      // That holds because no such file mocks a module or changes process.env (state a file must
      // not leave to the next); component tests, whose React and DOM belong to one file, keep
      // their own modules.
      { test: { ...shared, name: "unit", include: logicTests, isolate: false } },
      { test: { ...shared, name: "components", include: componentTests } },
      {
        test: {
          ...shared,
          name: "database",
          include: databaseTests,
          isolate: false,
          // One migrated database per engine, copied by every test's own (server/test-support/database-templates.ts).
          globalSetup: ["server/test-support/database-templates.ts"],
          // Passwords hashed at argon2id's least cost: ~2,300 sign-ups and sign-ins a run.
          setupFiles: ["server/test-support/cheap-password-hashes.ts"],
        },
      },
    ],
  },
});
