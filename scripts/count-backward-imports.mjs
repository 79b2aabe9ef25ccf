// Counts the server's imports that run backwards (ARCHITECTURE.md, "The conversation engine and
// its channels"): imports run one way, channels → conversations → services → providers →
// platform. An import from a lower layer up, or sideways into another feature of the same
// layer, is backwards. Test-only code (tests, test support, fixtures) is not counted: it may
// reach anywhere. `node scripts/count-backward-imports.mjs` lists them and exits non-zero
// when there are more than the allowance below, so CI fails when the count grows.
//
// Issue 20's goal is at most 5. The allowance is today's count: lower it when an import is fixed.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { isTestOnly } from "./test-only-paths.mjs";

const ALLOWED = Number(process.env.BACKWARD_IMPORTS_ALLOWED ?? 4);

/** Layer of each top-level folder (or root file) of server/: higher may import lower. */
const LAYERS = {
  // With the dependency contracts every feature is handed (app-deps.ts, feature-deps.ts).
  // With the audit log's writer: every feature records what it changes on someone's behalf.
  platform: [
    "db",
    "http",
    "realtime",
    "runtime",
    "config.ts",
    "clock.ts",
    "app-deps.ts",
    "feature-deps.ts",
    "audit/audit-log.ts",
  ],
  providers: ["providers"],
  // Who is asking and their company: sessions, guards, the user view, the company rows whose
  // limits every feature counts against. Every feature reads it.
  identity: ["auth", "companies/queries.ts"],
  // With the audit trail's reading (audit/): its page and CSV for admins.
  services: ["usage", "knowledge", "agents", "tools", "outcomes", "audit"],
  conversations: ["conversations"],
  // What people use: the screens' routes, users and admins alike ("admin" is a permission).
  channels: [
    "chat",
    "voice",
    "reports",
    "dashboard",
    "publishing",
    "takeover",
    "users",
    "companies",
    "analytics",
    "reset",
    "live-events",
  ],
  // Wiring: what builds the app from all of the above.
  entries: ["app.ts", "main.ts", "cluster.ts", "cli", "runtime/create-runtime.ts"],
};
const ORDER = Object.keys(LAYERS);
/** A file's layer: its own entry when it has one (companies/queries.ts), else its folder's. */
const layerOf = (file) => {
  const path = relative("server", file);
  const own = ORDER.findIndex((layer) => LAYERS[layer].includes(path));
  return own >= 0 ? own : ORDER.findIndex((layer) => LAYERS[layer].includes(areaOf(file)));
};

/** A file's top-level folder under server/, or its own name for a file directly in server/. */
const areaOf = (file) => relative("server", file).split("/")[0];

const sources = readdirSync("server", { recursive: true, encoding: "utf8" })
  .map((path) => join("server", path))
  .filter((file) => /\.tsx?$/.test(file) && !isTestOnly(file));

const backwards = [];
const unplaced = new Set();
for (const file of sources) {
  const from = areaOf(file);
  const code = readFileSync(file, "utf8");
  for (const [, specifier] of code.matchAll(/(?:^|\n)\s*(?:import|export)[^;'"]*?from\s*["']([^"']+)["']/g)) {
    if (!specifier.startsWith(".")) continue;
    const target = normalize(join(dirname(file), specifier)).replace(/\.js$/, ".ts");
    if (!target.startsWith("server/") || isTestOnly(target)) continue;
    const to = areaOf(target);
    if (from === to) continue;
    const [fromLayer, toLayer] = [layerOf(file), layerOf(target)];
    if (fromLayer < 0) unplaced.add(from);
    if (toLayer < 0) unplaced.add(to);
    if (fromLayer < 0 || toLayer < 0) continue;
    const sideways = toLayer === fromLayer && !["platform", "entries"].includes(ORDER[fromLayer]);
    if (toLayer > fromLayer || sideways) {
      backwards.push(`${file} → ${target} (${ORDER[fromLayer]} → ${ORDER[toLayer]})`);
    }
  }
}

for (const line of backwards.sort()) console.log(line);
if (unplaced.size > 0) {
  console.error(`Not in any layer (add them to LAYERS): ${[...unplaced].join(", ")}`);
  process.exit(1);
}
console.log(`${backwards.length} imports run backwards (allowed: ${ALLOWED}; issue 20's goal: 5).`);
process.exit(backwards.length > ALLOWED ? 1 : 0);
