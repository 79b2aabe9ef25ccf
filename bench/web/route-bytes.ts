/**
 * What each page downloads on a first visit, from Vite's build manifest: the entry's static
 * import graph, plus the lazy chunks the route loads (each with its own static imports), plus
 * every CSS file those chunks carry. Sizes are measured three ways — raw, gzip -9 and brotli 11,
 * the encodings the server sends — by compressing each file in memory, so a build without the
 * pre-compressed files (an older commit) is measured the same way.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A page and the lazy modules (manifest keys, relative to web/) a first visit to it loads. */
export interface RouteLoad {
  name: string;
  path: string;
  lazyModules: string[];
  goalKb?: number;
}

export interface FileSizes {
  raw: number;
  gzip: number;
  brotli: number;
  sent: number;
}

export interface RouteBytes {
  route: RouteLoad;
  files: string[];
  /** Lazy modules the manifest does not know: in the entry, in a build from before the split. */
  notSplit: string[];
  js: FileSizes;
  css: FileSizes;
  total: FileSizes;
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, ".vite", "manifest.json"), "utf8")) as Manifest;
}

/** Output files of a chunk and everything it imports statically (what loading it pulls in). */
function staticClosure(manifest: Manifest, key: string, files: Set<string>, seen: Set<string>): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files, seen);
}

const sizeCache = new Map<string, FileSizes>();

export function sizesOf(path: string): FileSizes {
  const cached = sizeCache.get(path);
  if (cached) return cached;
  const bytes = readFileSync(path);
  const sizes = {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
    sent: existsSync(`${path}.br`) ? statSync(`${path}.br`).size : bytes.length,
  };
  sizeCache.set(path, sizes);
  return sizes;
}

function sum(list: FileSizes[]): FileSizes {
  const total: FileSizes = { raw: 0, gzip: 0, brotli: 0, sent: 0 };
  for (const sizes of list) {
    total.raw += sizes.raw;
    total.gzip += sizes.gzip;
    total.brotli += sizes.brotli;
    total.sent += sizes.sent;
  }
  return total;
}

export function measureRoute(distDir: string, manifest: Manifest, route: RouteLoad): RouteBytes {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error("the build manifest has no entry chunk");
  const files = new Set<string>();
  const seen = new Set<string>();
  staticClosure(manifest, entryKey, files, seen);
  const notSplit = route.lazyModules.filter((key) => !manifest[key]);
  // A build whose entry lazily imports our own code is split by page: there a listed module
  // that is no chunk of its own means the list is out of date, or the page was folded into a
  // shared chunk, and its bytes would go uncounted.
  const splitByPage = (manifest[entryKey].dynamicImports ?? []).some((key) => !key.includes("node_modules/"));
  if (splitByPage && notSplit.length > 0) {
    throw new Error(`${route.name}: ${notSplit.join(", ")} is not a chunk of this build; update bench/web/routes.ts`);
  }
  for (const key of route.lazyModules) staticClosure(manifest, key, files, seen);
  const list = [...files].sort();
  const js = sum(list.filter((file) => /\.m?js$/.test(file)).map((file) => sizesOf(join(distDir, file))));
  const css = sum(list.filter((file) => file.endsWith(".css")).map((file) => sizesOf(join(distDir, file))));
  return { route, files: list, notSplit, js, css, total: sum([js, css]) };
}
