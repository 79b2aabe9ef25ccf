/**
 * The extraction pool: uploads are read in worker threads (extract-worker.ts), one file per
 * worker at a time, so reading never blocks the server's event loop. Each worker has a memory
 * ceiling (resourceLimits), so a file that makes a parser balloon kills that worker, not the
 * server; each job has a time budget, after which its worker is terminated. Either way the
 * caller gets a KnowledgeFileError (400) and the next file gets a fresh worker. Idle workers
 * are unref'd (they never keep a process alive) and stopped after a while.
 *
 * Files wait in a fair queue (fair-queue.ts): companies take turns, so one company's flood
 * delays another's file by at most one file, and the queue is bounded. Beside the regular
 * workers there is one more, which only a company with no file being read may use: a slow file
 * of one company never makes another company's short paste wait for it.
 *
 * The heap ceiling does not bound what parsers allocate outside the V8 heap, so while files are
 * read the pool also watches resident memory (memory-watch.ts): past `memoryBudgetMb` the
 * workers reading are stopped and their files refused. The readers' own bounds
 * (extract-limits.ts) refuse a hostile file long before; this is the backstop.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { Config } from "../../config.js";
import { LOAD_ENTRY_SOURCE, workerModule } from "../../runtime/worker-module.js";
import type { ExtractedDocument, ExtractInput } from "./extract-document.js";
import {
  DEFAULT_EXTRACT_LIMITS,
  EXTRACT_MEMORY_BUDGET_MB,
  EXTRACT_QUEUE_MAX,
  type ExtractLimits,
} from "./extract-limits.js";
import type { ExtractJob, ExtractWorkerMessage } from "./extract-worker.js";
import { FairQueue } from "./fair-queue.js";
import { KnowledgeFileError, refusals } from "./knowledge-file-error.js";
import { createMemoryWatch } from "./memory-watch.js";

export interface ExtractPoolOptions {
  /** Workers reading at once: 1–2 by default (one fewer than the cores, at least one). */
  size?: number;
  /** How long one file may take once a worker has it. */
  timeBudgetMs?: number;
  /** The worker's V8 heap ceiling. */
  memoryLimitMb?: number;
  /** An idle worker is stopped after this long (it holds parser caches). */
  idleMs?: number;
  chunking?: ExtractJob["chunking"];
  /** Files that may wait at once; past this, extract() rejects with ExtractQueueFullError. */
  queueMax?: number;
  /** What one file may cost its reader (inflated bytes, pages, objects). */
  limits?: ExtractLimits;
  /** Resident memory reading may add to the process before the files being read are refused. */
  memoryBudgetMb?: number;
}

/** Whose file it is: companies take turns; the uploader can ask where the file is (`uploadId`). */
export interface ExtractOwner {
  companyId: string | null;
  userId: string;
  uploadId?: string;
}

/** One of a person's files on its way through the pool. */
export interface ExtractProgress {
  uploadId: string;
  /** Files that will be read before this one; 0 once it is being read. */
  filesAhead: number;
  reading: boolean;
}

export class ExtractQueueFullError extends Error {
  override readonly name = "ExtractQueueFullError";
}

export interface ExtractPool {
  readonly size: number;
  /** `timeBudgetMs` overrides the pool's budget for this file. */
  extract(input: ExtractInput, options?: { timeBudgetMs?: number; owner?: ExtractOwner }): Promise<ExtractedDocument>;
  /** The person's files waiting or being read that carry an uploadId. */
  progressOf(userId: string): ExtractProgress[];
  /** Workers started so far: how tests see that a crashed or stopped worker is replaced. */
  readonly workersStarted: number;
  close(): Promise<void>;
}

export const EXTRACT_TIME_BUDGET_MS = 120_000;
/** A 20 MB PDF peaks around ~250 MB of heap in PDF.js (measured); twice that is still not the server's. */
export const EXTRACT_MEMORY_LIMIT_MB = 512;
const IDLE_MS = 60_000;
/** Starting takes ~1–2 s (tsx compiles the modules); one that takes this long is broken. */
const START_BUDGET_MS = 60_000;
const CLOSED = "the knowledge extraction pool is closed";

/**
 * The worker starts as a plain script and loads its entry as server/runtime/worker-module.ts
 * says (through tsx in development, directly when compiled), as
 * server/providers/tts/worker-thread.ts does (which has no way to pass resourceLimits).
 */
const BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
${LOAD_ENTRY_SOURCE}
loadEntry(workerData).then((worker) => worker.serveJobs());
`;

interface QueuedJob {
  job: ExtractJob;
  owner?: ExtractOwner;
  /** The fair queue's key: the company, or the person when they have none. */
  turn: string;
  timeBudgetMs: number;
  resolve(document: ExtractedDocument): void;
  reject(error: Error): void;
}

interface Slot {
  worker?: Worker;
  ready: boolean;
  running?: QueuedJob;
  budgetTimer?: NodeJS.Timeout;
  idleTimer?: NodeJS.Timeout;
}

function startWorker(memoryLimitMb: number): Worker {
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: {
      ...workerModule(new URL("./extract-worker.ts", import.meta.url)),
    },
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb, maxYoungGenerationSizeMb: 32 },
    stdout: true,
  });
  // PDF.js and mammoth may print warnings; they belong on stderr, not the server's stdout.
  worker.stdout.pipe(process.stderr);
  return worker;
}

function defaultSize(): number {
  return Math.min(2, Math.max(1, availableParallelism() - 1));
}

export function createExtractPool(options: ExtractPoolOptions = {}): ExtractPool {
  const size = options.size ?? defaultSize();
  if (!Number.isInteger(size) || size < 1) throw new Error(`an extraction pool needs at least one worker, not ${size}`);
  const timeBudgetMs = options.timeBudgetMs ?? EXTRACT_TIME_BUDGET_MS;
  const memoryLimitMb = options.memoryLimitMb ?? EXTRACT_MEMORY_LIMIT_MB;
  const idleMs = options.idleMs ?? IDLE_MS;
  const chunking = options.chunking ?? {};
  const limits = options.limits ?? DEFAULT_EXTRACT_LIMITS;
  const memoryBudgetBytes = (options.memoryBudgetMb ?? EXTRACT_MEMORY_BUDGET_MB) * 1024 * 1024;
  const memoryWatch = createMemoryWatch(memoryBudgetBytes, () => {
    // Which worker grew cannot be told from outside; every file being read is refused.
    for (const slot of slots) retire(slot)?.reject(refusals.tooComplex());
    dispatch();
  });
  const queueMax = options.queueMax ?? EXTRACT_QUEUE_MAX;
  // The last slot is the fairness worker's (see the header).
  const slots: Slot[] = Array.from({ length: size + 1 }, () => ({ ready: false }));
  const queue = new FairQueue<QueuedJob>();
  let nextId = 1;
  let workersStarted = 0;
  let closed = false;

  /** Stops a worker for good; whatever it was doing is the caller's to settle. */
  function retire(slot: Slot): QueuedJob | undefined {
    const lost = slot.running;
    clearTimeout(slot.budgetTimer);
    clearTimeout(slot.idleTimer);
    if (slot.worker) void slot.worker.terminate();
    slot.worker = undefined;
    slot.ready = false;
    slot.running = undefined;
    return lost;
  }

  /** The worker died or was stopped: a bad file if it was reading one, our fault if it never started. */
  function workerLost(slot: Slot, spawned: Worker, error: Error): void {
    if (slot.worker !== spawned) return;
    const wasReady = slot.ready;
    const lost = retire(slot);
    if (!wasReady) {
      // Not the file's fault, so no KnowledgeFileError; and one waiting job takes the failure,
      // so a worker that can never start does not leave callers waiting or respawn forever.
      queue
        .take()
        ?.reject(new Error(`the knowledge extraction worker failed to start: ${error.message}`, { cause: error }));
    } else if (lost) {
      const outOfMemory = "code" in error && error.code === "ERR_WORKER_OUT_OF_MEMORY";
      lost.reject(outOfMemory ? refusals.tooComplex(error) : refusals.unreadable(error));
    }
    dispatch();
  }

  function onMessage(slot: Slot, spawned: Worker, message: ExtractWorkerMessage): void {
    if (slot.worker !== spawned) return;
    if (message.type === "ready") {
      clearTimeout(slot.budgetTimer);
      slot.ready = true;
      dispatch();
      return;
    }
    const job = slot.running;
    if (!job || job.job.id !== message.id) return;
    clearTimeout(slot.budgetTimer);
    slot.running = undefined;
    if (message.type === "done") job.resolve(message.document);
    else if (message.type === "refused")
      job.reject(new KnowledgeFileError(message.status, message.message, { passageLimit: message.passageLimit }));
    else job.reject(refusals.unreadable(new Error(message.message)));
    dispatch();
  }

  function spawn(slot: Slot): void {
    const spawned = startWorker(memoryLimitMb);
    workersStarted++;
    slot.worker = spawned;
    slot.ready = false;
    slot.budgetTimer = setTimeout(() => {
      if (!slot.ready) workerLost(slot, spawned, new Error(`not ready after ${START_BUDGET_MS} ms`));
    }, START_BUDGET_MS);
    spawned.on("message", (message: ExtractWorkerMessage) => onMessage(slot, spawned, message));
    spawned.on("error", (error: unknown) =>
      workerLost(slot, spawned, error instanceof Error ? error : new Error(String(error))),
    );
    spawned.on("exit", (code) => workerLost(slot, spawned, new Error(`the worker exited with code ${code}`)));
  }

  function idle(slot: Slot): void {
    slot.worker?.unref();
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (!slot.running) retire(slot);
    }, idleMs);
    slot.idleTimer.unref();
  }

  /**
   * Which turns a slot may serve: a regular slot any; the fairness worker, only while every
   * regular slot is reading, and only companies that have nothing being read.
   */
  function servesTurn(index: number): (turn: string) => boolean {
    if (index < size) return () => true;
    if (slots.slice(0, size).some((slot) => !slot.running)) return () => false;
    const reading = new Set(slots.flatMap((slot) => (slot.running ? [slot.running.turn] : [])));
    return (turn) => !reading.has(turn);
  }

  function dispatch(): void {
    if (closed) return;
    let starting = slots.filter((slot) => slot.worker && !slot.ready).length;
    for (const [index, slot] of slots.entries()) {
      const serves = servesTurn(index);
      if (slot.running || !queue.has(serves)) continue;
      clearTimeout(slot.idleTimer);
      if (!slot.worker) {
        // Only as many new workers as there are jobs no starting worker will take.
        if (starting >= queue.size) continue;
        spawn(slot);
        starting++;
      }
      const worker = slot.worker;
      if (!worker) continue;
      worker.ref();
      if (!slot.ready) continue;
      const next = queue.take(serves);
      if (!next) continue;
      slot.running = next;
      slot.budgetTimer = setTimeout(() => {
        if (slot.running !== next) return;
        retire(slot);
        next.reject(refusals.tooSlow());
        dispatch();
      }, next.timeBudgetMs);
      worker.postMessage(next.job);
    }
    for (const slot of slots) if (!slot.running && slot.ready) idle(slot);
    memoryWatch.update(slots.some((slot) => slot.running));
  }

  return {
    size,
    get workersStarted() {
      return workersStarted;
    },

    extract(input, callOptions = {}) {
      if (closed) return Promise.reject(new Error(CLOSED));
      if (queue.size >= queueMax) return Promise.reject(new ExtractQueueFullError(`${queue.size} files are waiting`));
      return new Promise<ExtractedDocument>((resolve, reject) => {
        const budget = callOptions.timeBudgetMs ?? timeBudgetMs;
        const owner = callOptions.owner;
        const turn = owner ? (owner.companyId ?? `user:${owner.userId}`) : "";
        const job = { id: nextId++, input, chunking, limits };
        queue.push(turn, { job, owner, turn, timeBudgetMs: budget, resolve, reject });
        dispatch();
      });
    },

    progressOf(userId) {
      const mine = (queued: QueuedJob | undefined): queued is QueuedJob & { owner: { uploadId: string } } =>
        queued?.owner?.userId === userId && queued.owner.uploadId !== undefined;
      const reading = slots
        .map((slot) => slot.running)
        .filter(mine)
        .map((queued) => ({ uploadId: queued.owner.uploadId, filesAhead: 0, reading: true }));
      const waiting = queue
        .order()
        .flatMap((queued, filesAhead) =>
          mine(queued) ? [{ uploadId: queued.owner.uploadId, filesAhead, reading: false }] : [],
        );
      return [...reading, ...waiting];
    },

    async close() {
      closed = true;
      memoryWatch.stop();
      const error = new Error(CLOSED);
      for (const queued of queue.drain()) queued.reject(error);
      const stopping: Promise<number>[] = [];
      for (const slot of slots) {
        const worker = slot.worker;
        slot.worker = undefined;
        slot.running?.reject(error);
        slot.running = undefined;
        clearTimeout(slot.budgetTimer);
        clearTimeout(slot.idleTimer);
        if (worker) stopping.push(worker.terminate());
      }
      await Promise.all(stopping);
    },
  };
}

let sharedPool: ExtractPool | undefined;

/** The pool's bounds as the operator set them (server/config.ts, KNOWLEDGE_*). */
export function extractPoolOptionsFrom(config: Config): ExtractPoolOptions {
  return {
    limits: {
      inflateRatio: config.KNOWLEDGE_INFLATE_RATIO,
      inflateMaxBytes: config.KNOWLEDGE_INFLATE_MAX_MB * 1024 * 1024,
      inflateStreamMaxBytes: config.KNOWLEDGE_INFLATE_STREAM_MAX_MB * 1024 * 1024,
      pdfMaxPages: config.KNOWLEDGE_PDF_MAX_PAGES,
      pdfMaxObjects: config.KNOWLEDGE_PDF_MAX_OBJECTS,
    },
    memoryBudgetMb: config.KNOWLEDGE_EXTRACT_MEMORY_MB,
    queueMax: config.KNOWLEDGE_EXTRACT_QUEUE_MAX,
  };
}

/**
 * Reads an upload (or pasted text, kind "text") in the shared pool, which the first call
 * creates with its `options`. Rejects with KnowledgeFileError for a file we refuse; any other
 * error is ours (the worker failed to start).
 */
export function extractInWorker(
  input: ExtractInput,
  options: ExtractPoolOptions = {},
  owner?: ExtractOwner,
): Promise<ExtractedDocument> {
  sharedPool ??= createExtractPool(options);
  return sharedPool.extract(input, { owner });
}

/** Where the person's files are in the shared pool (none when it has not started). */
export function extractProgressOf(userId: string): ExtractProgress[] {
  return sharedPool?.progressOf(userId) ?? [];
}

/** For shutdown: stops the shared pool's workers (a later extractInWorker starts a new pool). */
export async function closeSharedExtractPool(): Promise<void> {
  const pool = sharedPool;
  sharedPool = undefined;
  await pool?.close();
}
