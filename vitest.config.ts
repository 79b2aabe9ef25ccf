import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/**/*.test.ts", "contracts/**/*.test.ts", "web/**/*.test.ts"],
    // A stray it.only must fail the run everywhere, not only where CI is set.
    allowOnly: false,
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
