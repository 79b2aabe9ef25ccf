/**
 * How much a decompression bomb costs the server (issue 22, finding 1): `npx tsx
 * bench/knowledge/bomb-memory.ts [--unbounded] [--inflated-mb 1500]`. Builds a one-page PDF
 * whose content stream inflates to 1.5 GB of spaces, reads it in an extraction pool the way an
 * upload is read, and prints the peak growth of this process's resident memory (sampled every
 * 10 ms, as the server's would grow: the workers are threads of the process) and how long the
 * answer took. `--unbounded` lifts the inflation bounds and the memory watch: the old behaviour.
 */
import { buildPdfBomb } from "../../server/knowledge/extract/bomb-pdf-fixture.js";
import { DEFAULT_EXTRACT_LIMITS } from "../../server/knowledge/extract/extract-limits.js";
import { createExtractPool } from "../../server/knowledge/extract/extract-pool.js";

const MB = 1024 * 1024;
const args = process.argv.slice(2);
const unbounded = args.includes("--unbounded");
const inflatedMb = args.includes("--inflated-mb") ? Number(args[args.indexOf("--inflated-mb") + 1]) : 1500;

const bytes = await buildPdfBomb({ text: "Quarterly report", inflatedBytes: inflatedMb * MB });
const pool = createExtractPool({
  size: 1,
  ...(unbounded
    ? {
        limits: {
          ...DEFAULT_EXTRACT_LIMITS,
          inflateRatio: Infinity,
          inflateMaxBytes: Infinity,
          inflateStreamMaxBytes: Infinity,
        },
        memoryBudgetMb: 1_000_000,
      }
    : {}),
});
// Warm the worker up first, so its start-up is part of idle, as on a server that has read a file.
await pool.extract({ bytes: new TextEncoder().encode("warm up"), fileName: null, declaredType: null, kind: "text" });
global.gc?.();
const idle = process.memoryUsage.rss();
let peak = idle;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
const started = performance.now();
const outcome = await pool.extract({ bytes, fileName: "bomb.pdf", declaredType: "application/pdf" }).then(
  (document) => `accepted (${document.chunks.length} chunks)`,
  (error: unknown) => `refused: ${error instanceof Error ? error.message : String(error)}`,
);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage.rss());
await pool.close();
console.log(
  [
    `bomb: ${(bytes.length / MB).toFixed(2)} MB file, inflates to ${inflatedMb} MB${unbounded ? " (unbounded)" : ""}`,
    `outcome: ${outcome}`,
    `answer after ${seconds.toFixed(2)} s`,
    `resident memory: idle ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB, growth ${((peak - idle) / MB).toFixed(0)} MB`,
  ].join("\n"),
);
