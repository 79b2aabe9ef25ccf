// `npm test`: the whole suite, in order of speed. Server tests run on PGlite always and on
// PostgreSQL too when TEST_DATABASE_URL is set; then the web build; then Playwright journeys
// in Debian's Chromium.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const steps = [
  ["server and unit tests", "npx", ["vitest", "run"]],
  ["web build", "node", ["scripts/build-if-needed.mjs"]],
  ["browser journeys", "npx", ["playwright", "test"]],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: server tests run on embedded PGlite only.");
}
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}
console.log("\nAll test suites passed.");
