/**
 * Vite build plugin: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9)
 * beside every text or WebAssembly file of the build, for the server to send as they are
 * (server/http/spa.ts, @fastify/static's `preCompressed`). Compressing once at build lets us
 * use the slowest, smallest settings: at request time they would cost seconds of CPU.
 *
 * Large files (onnxruntime's 14 MB WebAssembly) only change with their dependency, so their
 * results are kept in node_modules/.cache by content hash.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|wasm)$/;
/** Below this a compressed copy saves less than a network packet. */
export const PRECOMPRESS_MIN_BYTES = 1024;
const CACHED_ABOVE_BYTES = 1024 * 1024;
const CACHE_DIR = join("node_modules", ".cache", "agentdesk-precompress");

export interface CompressedVariants {
  br: Buffer;
  gz: Buffer;
}

/**
 * Brotli's best quality for what a page loads; one step lower past this size. The only such file
 * is onnxruntime's 14 MB WebAssembly (the voice detector's, loaded on a call's first start):
 * quality 11 took 85 s of CPU on this machine (98 s under load, half of a fresh clone's first
 * start) for 2.36 MB, quality 9 takes 8 s for 2.69 MB.
 */
const BEST_QUALITY_MAX_BYTES = 4 * 1024 * 1024;

export async function compressVariants(bytes: Buffer): Promise<CompressedVariants> {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: bytes.length > BEST_QUALITY_MAX_BYTES ? 9 : 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  return { br, gz };
}

async function cachedVariants(bytes: Buffer): Promise<CompressedVariants> {
  if (bytes.length <= CACHED_ABOVE_BYTES) return compressVariants(bytes);
  const key = join(CACHE_DIR, createHash("sha256").update(bytes).digest("hex"));
  if (existsSync(`${key}.br`) && existsSync(`${key}.gz`)) {
    const [br, gz] = await Promise.all([readFile(`${key}.br`), readFile(`${key}.gz`)]);
    return { br, gz };
  }
  console.log(`  web build: compressing a ${(bytes.length / 1e6).toFixed(0)} MB file (once: the result is cached)…`);
  const variants = await compressVariants(bytes);
  mkdirSync(CACHE_DIR, { recursive: true });
  // Written under a temporary name first: a build stopped halfway never leaves a truncated entry.
  for (const [suffix, data] of [
    [".br", variants.br],
    [".gz", variants.gz],
  ] as const) {
    await writeFile(`${key}${suffix}.partial`, data);
    await rename(`${key}${suffix}.partial`, `${key}${suffix}`);
  }
  return variants;
}

/** Compresses one written file; variants that would not be smaller are not written. */
async function precompressFile(path: string): Promise<void> {
  const bytes = await readFile(path);
  // The document is on every first visit's critical path, so it is compressed whatever its size.
  if (bytes.length < PRECOMPRESS_MIN_BYTES && !path.endsWith(".html")) return;
  const { br, gz } = await cachedVariants(bytes);
  if (br.length < bytes.length) await writeFile(`${path}.br`, br);
  if (gz.length < bytes.length) await writeFile(`${path}.gz`, gz);
}

export function precompress(): Plugin {
  return {
    name: "agentdesk-precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      // The manifest under .vite/ is for tools, never served.
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name) && !name.startsWith(".vite/"));
      // zlib's async calls run on libuv's thread pool, so the files compress in parallel.
      await Promise.all(files.map((name) => precompressFile(join(outDir, name))));
    },
  };
}
