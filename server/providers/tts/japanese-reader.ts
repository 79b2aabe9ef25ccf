/**
 * Japanese text → kana for the embedded engine, through kuromoji in a worker thread of its
 * own (japanese-reader-worker.ts). The dictionary takes ~2 s of CPU and ~300 MB to load, so
 * it is loaded once, only when Japanese is first spoken (or warmUp asks), and never on the
 * server's event loop; the worker then stays for the life of the process. Tokenizing a
 * sentence takes a few milliseconds.
 */
import type { Worker } from "node:worker_threads";
import type { ReaderWorkerMessage, ReadingJob } from "./japanese-reader-worker.js";
import { startTypeScriptWorker, untilAborted } from "./worker-thread.js";

export interface JapaneseReader {
  /** `text` with every word spelled as it is spoken, in kana. */
  spell(text: string, signal?: AbortSignal): Promise<string>;
  warmUp(): Promise<{ loadMs: number }>;
  close(): Promise<void>;
}

interface PendingReading {
  resolve(kana: string): void;
  reject(error: Error): void;
}

const CLOSED = "the Japanese reader is closed";

export function createJapaneseReader(): JapaneseReader {
  const pending = new Map<number, PendingReading>();
  let worker: Worker | undefined;
  let ready: Promise<number> | undefined;
  let nextJobId = 1;
  let closed = false;

  function settle(id: number, outcome: string | Error): void {
    const reading = pending.get(id);
    if (!reading) return;
    pending.delete(id);
    if (outcome instanceof Error) reading.reject(outcome);
    else reading.resolve(outcome);
    if (pending.size === 0) worker?.unref();
  }

  function start(): Promise<number> {
    if (ready) return ready;
    const spawned = startTypeScriptWorker(new URL("./japanese-reader-worker.ts", import.meta.url), "kuromoji");
    worker = spawned;
    ready = new Promise<number>((resolve, reject) => {
      spawned.on("message", (message: ReaderWorkerMessage) => {
        switch (message.type) {
          case "ready":
            resolve(message.loadMs);
            if (pending.size === 0) spawned.unref();
            break;
          case "load-failed":
            reject(new Error(`kuromoji failed to load: ${message.message}`));
            void spawned.terminate();
            break;
          case "done":
            settle(message.id, message.kana);
            break;
          case "failed":
            settle(message.id, new Error(`kuromoji could not read the text: ${message.message}`));
            break;
        }
      });
      spawned.on("error", reject);
      spawned.on("exit", (code) => {
        const error = new Error(`the Japanese reader exited with code ${code}`);
        reject(error);
        if (worker !== spawned) return;
        // The next reading starts a fresh worker.
        worker = undefined;
        ready = undefined;
        for (const id of [...pending.keys()]) settle(id, error);
      });
    });
    ready.catch(() => {
      if (worker !== spawned) return;
      worker = undefined;
      ready = undefined;
    });
    return ready;
  }

  async function read(text: string): Promise<string> {
    await start();
    const current = worker;
    if (!current) throw new Error("the Japanese reader stopped while loading");
    const job: ReadingJob = { id: nextJobId++, text };
    return new Promise<string>((resolve, reject) => {
      pending.set(job.id, { resolve, reject });
      current.ref();
      current.postMessage(job);
    });
  }

  return {
    spell(text, signal) {
      if (closed) return Promise.reject(new Error(CLOSED));
      return untilAborted(read(text), signal);
    },

    async warmUp() {
      if (closed) throw new Error(CLOSED);
      return { loadMs: await start() };
    },

    async close() {
      closed = true;
      const error = new Error(CLOSED);
      for (const id of [...pending.keys()]) settle(id, error);
      const stopping = worker;
      worker = undefined;
      ready = undefined;
      await stopping?.terminate();
    },
  };
}
