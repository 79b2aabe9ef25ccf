/**
 * A pool of eSpeak NG worker threads (espeak-worker.ts), one engine each, sharing one queue:
 * each worker runs one job at a time and takes the next queued job the moment it is free, so
 * concurrent calls are spoken side by side instead of one after another. Workers start on
 * the first job (or warmUp), are restarted after a crash, and are unref'd while idle so an
 * idle pool never keeps a finished script or test run alive.
 */
import type { Worker } from "node:worker_threads";
import type { EspeakJob, EspeakWorkerMessage } from "./espeak-worker.js";
import { abortReason, asError, startTypeScriptWorker } from "./worker-thread.js";

export interface EspeakPoolResult {
  wav: Buffer;
  /** espeak's phoneme mnemonics, when the job asked for them. */
  phonemes?: string;
  /** Which worker spoke it (0-based): how tests see that the work is shared. */
  worker: number;
}

export interface EspeakPool {
  readonly size: number;
  /**
   * Queues a job. An abort while it is still queued removes it and rejects; once a worker has
   * it, it runs to the end and resolves anyway (the caller decides whether to keep the audio).
   */
  run(job: Omit<EspeakJob, "id">, signal?: AbortSignal): Promise<EspeakPoolResult>;
  /** Starts every worker and loads its engine; resolves with the slowest load. */
  warmUp(): Promise<{ loadMs: number }>;
  close(): Promise<void>;
}

interface QueuedJob {
  job: EspeakJob;
  resolve(result: EspeakPoolResult): void;
  reject(error: Error): void;
  signal?: AbortSignal;
}

interface Slot {
  readonly index: number;
  worker?: Worker;
  /** Settles when the worker's engine is loaded (with its load time) or failed to load. */
  ready?: Promise<number>;
  loaded: boolean;
  busy?: QueuedJob;
}

const CLOSED = "espeak-ng engine is closed";

export function createEspeakPool(size: number): EspeakPool {
  if (!Number.isInteger(size) || size < 1) throw new Error(`an espeak-ng pool needs at least one worker, not ${size}`);
  const slots: Slot[] = Array.from({ length: size }, (_, index) => ({ index, loaded: false }));
  const queue: QueuedJob[] = [];
  let nextJobId = 1;
  let closed = false;

  function start(slot: Slot): Promise<number> {
    if (slot.ready) return slot.ready;
    const spawned = startTypeScriptWorker(new URL("./espeak-worker.ts", import.meta.url), "espeak-ng");
    slot.worker = spawned;
    slot.ready = new Promise<number>((resolve, reject) => {
      spawned.on("message", (message: EspeakWorkerMessage) => {
        switch (message.type) {
          case "ready":
            slot.loaded = true;
            resolve(message.loadMs);
            dispatch();
            break;
          case "load-failed":
            reject(new Error(`espeak-ng failed to load: ${message.message}`));
            void spawned.terminate();
            break;
          case "done": {
            const wav = Buffer.from(message.wav.buffer, message.wav.byteOffset, message.wav.byteLength);
            finish(slot, message.id, { wav, phonemes: message.phonemes, worker: slot.index });
            break;
          }
          case "failed":
            if (message.engineLost) retire(slot, spawned);
            finish(slot, message.id, new Error(`espeak-ng could not synthesise: ${message.message}`));
            break;
        }
      });
      spawned.on("error", reject);
      spawned.on("exit", (code) => {
        const error = new Error(`espeak-ng worker exited with code ${code}`);
        reject(error);
        // Before the engine loaded, the load failure (below) is the one to handle it.
        if (slot.worker !== spawned || !slot.loaded) return;
        const lost = slot.busy;
        retire(slot, spawned);
        slot.busy = undefined;
        lost?.reject(error);
        dispatch();
      });
    });
    slot.ready.catch((error: unknown) => {
      if (slot.worker !== spawned) return;
      retire(slot, spawned);
      // A broken engine must not leave callers waiting forever: the job that would have gone
      // to this worker gets the load error; the next one tries a fresh worker.
      queue.shift()?.reject(asError(error));
      dispatch();
    });
    return slot.ready;
  }

  /** Stops sending jobs to a worker that has died or is about to; the next job starts a fresh one. */
  function retire(slot: Slot, retired: Worker): void {
    if (slot.worker !== retired) return;
    slot.worker = undefined;
    slot.ready = undefined;
    slot.loaded = false;
  }

  function finish(slot: Slot, id: number, outcome: EspeakPoolResult | Error): void {
    const job = slot.busy;
    if (!job || job.job.id !== id) return;
    slot.busy = undefined;
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome);
    dispatch();
  }

  /** Hands queued jobs to idle loaded workers, and starts workers while jobs are waiting. */
  function dispatch(): void {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) break;
      if (slot.busy) continue;
      if (!slot.loaded || !slot.worker) {
        void start(slot).catch(() => undefined);
        continue;
      }
      const next = queue.shift();
      if (!next) break;
      slot.busy = next;
      slot.worker.ref();
      slot.worker.postMessage(next.job);
    }
    for (const slot of slots) if (!slot.busy) slot.worker?.unref();
  }

  return {
    size,

    run(job, signal) {
      if (closed) return Promise.reject(new Error(CLOSED));
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      return new Promise<EspeakPoolResult>((resolve, reject) => {
        const onAbort = (): void => {
          const at = queue.indexOf(queued);
          if (at < 0) return;
          queue.splice(at, 1);
          if (signal) reject(abortReason(signal));
        };
        const queued: QueuedJob = {
          job: { ...job, id: nextJobId++ },
          signal,
          resolve: (result) => {
            signal?.removeEventListener("abort", onAbort);
            resolve(result);
          },
          reject: (error) => {
            signal?.removeEventListener("abort", onAbort);
            reject(error);
          },
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        queue.push(queued);
        dispatch();
      });
    },

    async warmUp() {
      if (closed) throw new Error(CLOSED);
      const loads = await Promise.all(slots.map((slot) => start(slot)));
      dispatch();
      return { loadMs: Math.max(...loads) };
    },

    async close() {
      closed = true;
      const error = new Error(CLOSED);
      for (const queued of queue.splice(0)) queued.reject(error);
      const stopping: Worker[] = [];
      for (const slot of slots) {
        slot.busy?.reject(error);
        slot.busy = undefined;
        if (slot.worker) stopping.push(slot.worker);
        slot.worker = undefined;
        slot.ready = undefined;
        slot.loaded = false;
      }
      await Promise.all(stopping.map((worker) => worker.terminate()));
    },
  };
}
