/**
 * `npm run bench:web`: what a first visit to each page costs on the wire, against issue 10's
 * "First page" goals. Builds the web app if needed, then prints per page the JavaScript + CSS
 * it downloads (raw, gzip, brotli, and what the server sends a browser) from Vite's build manifest,
 * then Lighthouse's mobile performance and accessibility scores served by the production app.
 *
 *   npm run bench:web                          # build if needed, bytes + Lighthouse (3 runs each)
 *   npm run bench:web -- --lighthouse-runs 0   # bytes only
 *   npm run bench:web -- --dist /tmp/old-build # bytes of another build (e.g. an older commit's)
 */
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildWebIfNeeded } from "./build-if-needed.js";
import { auditPage, lighthouseAvailable, type PageScores } from "./lighthouse.js";
import { startPageServer } from "./page-server.js";
import { measureRoute, readManifest, type RouteBytes } from "./route-bytes.js";
import { MEASURED_ROUTES } from "./routes.js";

const PERFORMANCE_GOAL = 95;
const ACCESSIBILITY_GOAL = 100;

const { values } = parseArgs({
  options: {
    dist: { type: "string" },
    "lighthouse-runs": { type: "string", default: "3" },
  },
});
const defaultDist = resolve("dist/web");
const distDir = values.dist ? resolve(values.dist) : defaultDist;
const lighthouseRuns = Number(values["lighthouse-runs"]);

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const pad = (text: string | number, width: number) => String(text).padEnd(width);

function printBytes(rows: RouteBytes[]): void {
  console.log(`\nFirst visit, JavaScript + CSS in kB (1,000 bytes), from ${distDir}`);
  console.log("sent = what the server sends a browser accepting br: the build's .br file, or the file as it is");
  console.log(
    `${pad("page", 12)}${pad("files", 7)}${pad("raw", 9)}${pad("gzip -9", 9)}${pad("brotli 11", 11)}` +
      `${pad("sent", 8)}${pad("(js / css)", 16)}goal (sent)`,
  );
  for (const { route, files, js, css, total, notSplit } of rows) {
    const goal =
      route.goalKb === undefined ? "-" : `≤ ${route.goalKb}: ${total.sent / 1000 <= route.goalKb ? "met" : "MISSED"}`;
    const note = notSplit.length > 0 ? `  (in the entry: ${notSplit.join(", ")})` : "";
    console.log(
      `${pad(route.name, 12)}${pad(files.length, 7)}${pad(kb(total.raw), 9)}${pad(kb(total.gzip), 9)}` +
        `${pad(kb(total.brotli), 11)}${pad(kb(total.sent), 8)}${pad(`${kb(js.sent)} / ${kb(css.sent)}`, 16)}${goal}${note}`,
    );
  }
}

function printScores(rows: { name: string; scores: PageScores }[]): void {
  console.log(
    `\nLighthouse, mobile (median of ${lighthouseRuns}; goals: performance ≥ ${PERFORMANCE_GOAL}, accessibility ${ACCESSIBILITY_GOAL})`,
  );
  console.log(
    `${pad("page", 12)}${pad("perf", 6)}${pad("a11y", 6)}${pad("FCP ms", 8)}${pad("LCP ms", 8)}${pad("TBT ms", 8)}${pad("all bytes kB", 14)}goals`,
  );
  for (const { name, scores } of rows) {
    const met = scores.performance >= PERFORMANCE_GOAL && scores.accessibility >= ACCESSIBILITY_GOAL;
    console.log(
      `${pad(name, 12)}${pad(scores.performance, 6)}${pad(scores.accessibility, 6)}${pad(scores.firstContentfulPaintMs, 8)}` +
        `${pad(scores.largestContentfulPaintMs, 8)}${pad(scores.totalBlockingTimeMs, 8)}${pad(kb(scores.transferBytes), 14)}${met ? "met" : "MISSED"}`,
    );
  }
  for (const { name, scores } of rows) {
    if (scores.failedAccessibilityAudits.length > 0) {
      console.log(`${name}: failed accessibility audits: ${scores.failedAccessibilityAudits.join(", ")}`);
    }
  }
}

async function lighthouseScores(): Promise<void> {
  if (lighthouseRuns <= 0) return;
  const missing = lighthouseAvailable();
  if (missing) {
    console.log(`\nLighthouse skipped: ${missing}.`);
    return;
  }
  const server = await startPageServer(distDir);
  try {
    const signedIn = { Cookie: server.cookie };
    const pages = [
      { name: "landing", url: `${server.url}/`, headers: {} },
      { name: "login", url: `${server.url}/login`, headers: {} },
      { name: "dashboard", url: `${server.url}/`, headers: signedIn },
      { name: "chat", url: `${server.url}/chat/${server.agentId}`, headers: signedIn },
    ];
    const rows = [];
    for (const page of pages)
      rows.push({ name: page.name, scores: await auditPage(page.url, lighthouseRuns, page.headers) });
    printScores(rows);
  } finally {
    await server.close();
  }
}

if (distDir === defaultDist) buildWebIfNeeded(distDir);
// Lighthouse's simulated phone scales the CPU time it observes: a busy machine lowers its scores.
console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(" / ")} (1 / 5 / 15 min)`,
);
const manifest = readManifest(distDir);
printBytes(MEASURED_ROUTES.map((route) => measureRoute(distDir, manifest, route)));
await lighthouseScores();
