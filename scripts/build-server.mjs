// Compiles the server to plain JavaScript for production: `node dist/server/main.js`.
//
// Each module is transpiled on its own (esbuild, no bundling), keeping the source layout:
// server/** → dist/server/**, contracts/** → dist/contracts/**. Keeping the layout keeps every
// `new URL("./x", import.meta.url)` true — the migrations folder, the injection model, the
// worker entries (their `.ts` names map to `.js` at run time, see worker-thread.ts) — and the
// relative imports already name `.js` files. Packages stay in node_modules. Files that are not
// TypeScript (migrations, JSON) are copied beside the modules that read them.
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { isTestOnly } from "./test-only-paths.mjs";

const ROOTS = ["server", "contracts"];
/** `--out <dir>` builds elsewhere (the runtime tests build into a temporary folder). */
const outFlag = process.argv.indexOf("--out");
const OUT = resolve(outFlag > 0 ? process.argv[outFlag + 1] : "dist");
// Source paths below are relative to the repository, wherever this is run from.
process.chdir(resolve(dirname(fileURLToPath(import.meta.url)), ".."));

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const files = ROOTS.flatMap(walk).filter((path) => !isTestOnly(path));
const modules = files.filter((path) => path.endsWith(".ts"));
const assets = files.filter((path) => !path.endsWith(".ts"));

// Built beside the output and moved into place at the end, so that a server starting from
// dist/ meanwhile (another build, a benchmark) never finds it half-written or empty; building
// afresh also means modules of deleted sources do not linger (a worker could still import one).
const staging = join(OUT, `.building-${process.pid}`);
rmSync(staging, { recursive: true, force: true });

const started = Date.now();
await build({
  entryPoints: modules,
  absWorkingDir: process.cwd(),
  outbase: ".",
  outdir: staging,
  bundle: false,
  platform: "node",
  format: "esm",
  target: "node20",
  // Maps for stack traces in TypeScript terms, when run with `node --enable-source-maps`.
  sourcemap: "linked",
  logLevel: "warning",
});
for (const asset of assets) cpSync(asset, join(staging, asset));
for (const root of ROOTS) {
  const retired = join(OUT, `.retired-${root}-${process.pid}`);
  if (existsSync(join(OUT, root))) renameSync(join(OUT, root), retired);
  renameSync(join(staging, root), join(OUT, root));
  rmSync(retired, { recursive: true, force: true });
}
rmSync(staging, { recursive: true, force: true });
// The package's "type": "module" already makes these ESM; this marker lets dist/ be copied
// on its own (as a container image might) without the package.json beside it.
writeFileSync(join(OUT, "package.json"), JSON.stringify({ type: "module" }) + "\n");
console.log(
  `Built the server: ${modules.length} modules and ${assets.length} files into ${relative(".", OUT) || "."}/ in ${Date.now() - started} ms`,
);
