/**
 * Starts a worker thread whose entry is a TypeScript module, for the speech engine pool and
 * the Japanese reader. The entry exports `serveJobs(preloaded)`; `preload` names a package the
 * bootstrap imports first, as plain JavaScript, and hands to it.
 *
 * The worker starts as this plain script and loads its entry as server/runtime/worker-module.ts
 * says (through tsx in development, directly when compiled). The heavy package is imported
 * before tsx is involved: tsx would put espeak-ng's 180 kB through esbuild (to rewrite
 * import.meta.url), which roughly doubles the engine's start-up.
 */
import { Worker } from "node:worker_threads";
import { LOAD_ENTRY_SOURCE, workerModule } from "../../runtime/worker-module.js";

const WORKER_BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
${LOAD_ENTRY_SOURCE}
Promise.all([import(workerData.preload), loadEntry(workerData)]).then(([preloaded, worker]) =>
  worker.serveJobs(preloaded),
);
`;

/** `entry` is a file URL of the worker module; `preload` a package name resolvable from here. */
export function startTypeScriptWorker(entry: URL, preload: string): Worker {
  const worker = new Worker(WORKER_BOOTSTRAP, {
    eval: true,
    workerData: {
      preload: import.meta.resolve(preload),
      ...workerModule(entry),
    },
    // Not the parent's flags: a tsx parent's --import would fail in the worker (see above).
    execArgv: [],
    // Nothing a worker says belongs on the server's stdout; keep it visible on stderr.
    stdout: true,
  });
  worker.stdout.pipe(process.stderr);
  return worker;
}

/** What fetch() would throw: the signal's own reason, or an AbortError. */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException("This operation was aborted", "AbortError");
}

export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** `work`, unless `signal` aborts first; the work itself goes on (its result may still be cached). */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortReason(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(asError(error));
      },
    );
  });
}
