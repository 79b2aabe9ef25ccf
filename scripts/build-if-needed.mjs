// Builds the web app when dist/web is missing or older than any source it is built from,
// so `npm start` works right after `npm install` and never serves a stale build.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const output = "dist/web/index.html";
const sources = ["web", "web-build", "contracts", "vite.config.ts", "package.json"];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
const sourcesAt = Math.max(...sources.filter(existsSync).map(newestMtime));
if (builtAt < sourcesAt) {
  console.log("Building the web app (dist/web is missing or out of date)...");
  execSync("npx vite build --logLevel warn", { stdio: "inherit" });
}
