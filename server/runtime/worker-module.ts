/**
 * How a worker thread loads its entry module, both under tsx (development, tests) and compiled
 * (dist/server, `npm start`).
 *
 * Node 20 ignores `--import` loaders in a Worker's execArgv (nodejs/node#47747), so under tsx
 * a worker starts as a plain bootstrap script that loads its TypeScript entry through tsx's
 * scoped tsImport. The compiled build (scripts/build-server.mjs) keeps the source layout, so
 * the entry is the same path ending in `.js`, imported directly: tsx, and the esbuild service
 * it would start, are never loaded by the production server.
 */

export interface WorkerModule {
  /** File URL of the worker's entry module. */
  entry: string;
  /** tsx's API to load a TypeScript entry with, or null when the entry is compiled JavaScript. */
  tsxApi: string | null;
}

const COMPILED = import.meta.url.endsWith(".js");

/** `entry` names the TypeScript source (`new URL("./x-worker.ts", import.meta.url)`). */
export function workerModule(entry: URL): WorkerModule {
  if (!COMPILED) return { entry: entry.href, tsxApi: import.meta.resolve("tsx/esm/api") };
  return { entry: entry.href.replace(/\.ts$/, ".js"), tsxApi: null };
}

/**
 * Source of `loadEntry(workerData)` for a worker's eval'd bootstrap: resolves to the entry
 * module's namespace, given the fields of a WorkerModule in workerData.
 */
export const LOAD_ENTRY_SOURCE = `
function loadEntry({ entry, tsxApi }) {
  if (!tsxApi) return import(entry);
  return import(tsxApi).then((tsx) => tsx.tsImport(entry, entry));
}
`;
