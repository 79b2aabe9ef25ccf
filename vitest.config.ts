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
      { test: { ...shared, name: "unit", include: unitTests } },
      {
        test: {
          ...shared,
          name: "database",
          include: databaseTests,
          // One migrated database per engine, copied by every test's own (server/test-support/database-templates.ts).
          globalSetup: ["server/test-support/database-templates.ts"],
        },
      },
    ],
  },
});
