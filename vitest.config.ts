import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/**/*.test.ts", "contracts/**/*.test.ts", "web/**/*.test.ts"],
    // A stray it.only must fail the run everywhere, not only where CI is set.
    allowOnly: false,
    // One migrated database per engine, copied by every test's own (server/test-support/database-templates.ts).
    globalSetup: ["server/test-support/database-templates.ts"],
    pool: "forks",
    maxWorkers: 2,
    // Hang detectors, not speed limits: on a loaded 2-core machine starting an app on PGlite alone
    // has taken 30 s, and tests never fail on timing.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
