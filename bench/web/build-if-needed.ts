/**
 * Builds the web app (`vite build`) when the build or its manifest is missing, or older than
 * any source it is made from. Same rule as scripts/build-if-needed.mjs, but the benchmark also
 * needs the manifest, which builds made before `build.manifest` was turned on lack.
 */
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCES = ["web", "contracts", "web-build", "vite.config.ts", "package.json"];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function buildWebIfNeeded(distDir: string): void {
  const manifest = join(distDir, ".vite", "manifest.json");
  const builtAt = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.filter((source) => existsSync(source)).map(newestMtime));
  if (builtAt >= sourcesAt) return;
  console.log("Building the web app (the build is missing or older than its sources)...");
  execSync("npx vite build --logLevel warn", { stdio: "inherit" });
}
