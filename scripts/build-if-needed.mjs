// Builds what `npm start` runs when it is missing or older than any source it is built from:
// the server (dist/server, scripts/build-server.mjs), the web app (dist/web, vite) and the
// embeddable widget (dist/web/widget.js, vite.widget.config.ts). So
// `npm start` works right after `npm install`, never runs a stale build, and, once built,
// starts at once — also from a tree installed with `npm install --omit=dev`, which has no
// vite: a build that is still fresh needs no build tools.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { isTestOnly } from "./test-only-paths.mjs";

const TARGETS = [
  {
    what: "the server",
    output: "dist/server/main.js",
    sources: ["server", "contracts", "package.json", "scripts/build-server.mjs", "scripts/test-only-paths.mjs"],
    // Tests are not compiled, so editing one needs no rebuild.
    ignore: isTestOnly,
    command: [process.execPath, ["scripts/build-server.mjs"]],
  },
  {
    what: "the web app",
    output: "dist/web/index.html",
    sources: ["web", "web-build", "contracts", "vite.config.ts", "package.json"],
    ignore: () => false,
    command: [process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"]],
  },
  {
    // After the app: its build empties dist/web, so a rebuilt app always rebuilds the widget too.
    what: "the embeddable widget",
    output: "dist/web/widget.js",
    sources: ["web/features/publishing/widget", "web-build", "contracts", "vite.widget.config.ts", "package.json"],
    ignore: () => false,
    command: [
      process.execPath,
      ["node_modules/vite/bin/vite.js", "build", "--config", "vite.widget.config.ts", "--logLevel", "warn"],
    ],
  },
];

function newestMtime(path, ignore) {
  if (ignore(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry), ignore));
  return newest;
}

for (const { what, output, sources, ignore, command } of TARGETS) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const sourcesAt = Math.max(...sources.filter(existsSync).map((path) => newestMtime(path, ignore)));
  if (builtAt >= sourcesAt) continue;
  const [program, args] = command;
  if (!existsSync(args[0])) {
    console.error(
      `${output} is ${builtAt ? "older than its sources" : "missing"} and ${args[0]} is not installed ` +
        `(an --omit=dev install?): run \`npm install && npm run build\` first.`,
    );
    process.exit(1);
  }
  const started = Date.now();
  console.log(
    builtAt
      ? `Building ${what} again: its sources changed since ${output} was built…`
      : `Building ${what}, first start only (under a minute on a quiet machine; the server listens once it is built)…`,
  );
  execFileSync(program, args, { stdio: "inherit" });
  console.log(`Built ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
