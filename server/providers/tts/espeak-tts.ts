/**
 * The embedded, offline text-to-speech backend: eSpeak NG compiled to WebAssembly, run in one
 * worker thread (espeak-worker.ts) so synthesis never blocks the server's event loop.
 * Requests are queued and sent to the worker one at a time; finished audio is kept in a
 * small LRU cache keyed by a hash of what was said and how, so greetings come back at once.
 */
import { createHash } from "node:crypto";
import { Worker } from "node:worker_threads";
import type { LanguageCode } from "../../../contracts/voice.js";
import type { EspeakJob, EspeakWorkerMessage } from "./espeak-worker.js";
import { SpeechCache } from "./speech-cache.js";
import type { SpeechAudio, SpeechRequest, TtsProvider } from "./tts-provider.js";

/** Voices that exist in the package's bundled espeak-ng-data (see `espeak-ng --voices`). */
export const ESPEAK_VOICE_BY_LANGUAGE = {
  "en-US": "en-us",
  "es-ES": "es",
  "fr-FR": "fr-fr",
  "de-DE": "de",
  "it-IT": "it",
  "pt-PT": "pt",
  "ja-JP": "ja",
  "ko-KR": "ko",
  "zh-CN": "cmn",
} as const satisfies Record<LanguageCode, string>;

/**
 * eSpeak has no named voices like OpenAI's, so the OpenAI name stands in for gender: its
 * variants (espeak-ng-data/voices/!v) change pitch and formants. alloy keeps espeak's default.
 */
const VARIANT_BY_OPENAI_VOICE = new Map<string, string>([
  ["nova", "f3"],
  ["shimmer", "f4"],
  ["echo", "m3"],
  ["fable", "m2"],
  ["onyx", "m1"],
]);

/** The espeak `-v` argument for a language and an OpenAI voice name, e.g. "de+m3". */
export function espeakVoiceFor(language: LanguageCode, openAiVoice: string): string {
  const base = ESPEAK_VOICE_BY_LANGUAGE[language];
  const variant = VARIANT_BY_OPENAI_VOICE.get(openAiVoice.toLowerCase());
  return variant ? `${base}+${variant}` : base;
}

export interface EspeakTtsOptions {
  /** espeak's default is 175; a little slower is easier to follow over a call. */
  wordsPerMinute?: number;
  cacheEntries?: number;
  /** Long replies make large WAVs (~2.6 MB a minute), so the cache is bounded by size too. */
  cacheBytes?: number;
}

export interface EspeakTts extends TtsProvider {
  readonly kind: "espeak-ng";
  /** Starts the worker and loads the engine now rather than on the first request. */
  warmUp(): Promise<{ loadMs: number }>;
  close(): Promise<void>;
}

const DEFAULT_WORDS_PER_MINUTE = 160;
const DEFAULT_CACHE_ENTRIES = 200;
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Node 20 ignores `--import` loaders in a Worker's execArgv (nodejs/node#47747), so the worker
 * starts as this plain script and loads the TypeScript entry through tsx's scoped tsImport.
 * It imports the espeak-ng script itself, before tsx is involved: tsx would put those 180 kB
 * through esbuild (to rewrite import.meta.url), which roughly doubles the engine's start-up.
 */
const WORKER_BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
Promise.all([import(workerData.engineScript), import(workerData.tsxApi)]).then(([engineScript, tsx]) =>
  tsx.tsImport(workerData.entry, workerData.entry).then((worker) => worker.serveJobs(engineScript)),
);
`;

interface PendingJob {
  job: EspeakJob;
  cacheKey: string;
  resolve(wav: Buffer): void;
  reject(error: Error): void;
  signal?: AbortSignal;
}

/** What fetch() would throw: the signal's own reason, or an AbortError. */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException("This operation was aborted", "AbortError");
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function startEngineWorker(): Worker {
  const entry = new URL("./espeak-worker.ts", import.meta.url).href;
  const worker = new Worker(WORKER_BOOTSTRAP, {
    eval: true,
    workerData: { engineScript: import.meta.resolve("espeak-ng"), tsxApi: import.meta.resolve("tsx/esm/api"), entry },
    // Not the parent's flags: a tsx parent's --import would fail in the worker (see above).
    execArgv: [],
    // Nothing the engine says belongs on the server's stdout; keep it visible on stderr.
    stdout: true,
  });
  worker.stdout.pipe(process.stderr);
  return worker;
}

export function createEspeakTts(options: EspeakTtsOptions = {}): EspeakTts {
  const wordsPerMinute = options.wordsPerMinute ?? DEFAULT_WORDS_PER_MINUTE;
  const cache = new SpeechCache(
    options.cacheEntries ?? DEFAULT_CACHE_ENTRIES,
    options.cacheBytes ?? DEFAULT_CACHE_BYTES,
  );
  const queue: PendingJob[] = [];
  let worker: Worker | undefined;
  let engineReady: Promise<number> | undefined;
  let inFlight: PendingJob | undefined;
  let nextJobId = 1;
  let closed = false;

  function ensureWorker(): Promise<number> {
    if (engineReady) return engineReady;
    const spawned = startEngineWorker();
    worker = spawned;
    engineReady = new Promise<number>((resolve, reject) => {
      spawned.on("message", (message: EspeakWorkerMessage) => {
        switch (message.type) {
          case "ready":
            resolve(message.loadMs);
            break;
          case "load-failed":
            reject(new Error(`espeak-ng failed to load: ${message.message}`));
            void spawned.terminate();
            break;
          case "done":
            finishJob(message.id, Buffer.from(message.wav.buffer, message.wav.byteOffset, message.wav.byteLength));
            break;
          case "failed":
            if (message.engineLost) retireWorker(spawned);
            finishJob(message.id, new Error(`espeak-ng could not synthesise: ${message.message}`));
            break;
        }
      });
      spawned.on("error", reject);
      spawned.on("exit", (code) => {
        const error = new Error(`espeak-ng worker exited with code ${code}`);
        reject(error);
        if (worker !== spawned) return;
        retireWorker(spawned);
        if (inFlight) finishJob(inFlight.job.id, error);
      });
    });
    // A failed load is reported to whoever is waiting on it; this stops an unhandled rejection.
    engineReady.catch(() => undefined);
    return engineReady;
  }

  /** Stops sending jobs to a worker that has died or is about to; the next job starts a fresh one. */
  function retireWorker(retired: Worker): void {
    if (worker !== retired) return;
    worker = undefined;
    engineReady = undefined;
  }

  function finishJob(id: number, outcome: Buffer | Error): void {
    const pending = inFlight;
    if (!pending || pending.job.id !== id) return;
    inFlight = undefined;
    if (outcome instanceof Error) pending.reject(outcome);
    else {
      // Cached even if the caller gave up: the same phrase is likely to be asked for again.
      cache.set(pending.cacheKey, outcome);
      pending.resolve(Buffer.from(outcome));
    }
    sendNextJob();
  }

  function sendNextJob(): void {
    if (inFlight || closed) return;
    const next = queue.shift();
    if (!next) {
      // An idle engine should not keep a finished script (or test run) alive.
      worker?.unref();
      return;
    }
    inFlight = next;
    ensureWorker().then(
      () => {
        if (inFlight !== next) return;
        if (!worker || next.signal?.aborted) {
          inFlight = undefined;
          // No worker means it died just after loading: try this job again on a fresh one.
          if (!next.signal?.aborted) queue.unshift(next);
          sendNextJob();
          return;
        }
        worker.ref();
        worker.postMessage(next.job);
      },
      (error: unknown) => {
        if (inFlight !== next) return;
        inFlight = undefined;
        next.reject(asError(error));
        sendNextJob();
      },
    );
  }

  function enqueue(pending: Omit<PendingJob, "resolve" | "reject">): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      const { signal } = pending;
      const onAbort = (): void => {
        const queued = queue.indexOf(job);
        if (queued >= 0) queue.splice(queued, 1);
        // An in-flight job still finishes in the worker; its result is dropped (but cached).
        if (signal) reject(abortReason(signal));
      };
      const job: PendingJob = {
        ...pending,
        resolve: (wav) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(wav);
        },
        reject: (error) => {
          signal?.removeEventListener("abort", onAbort);
          reject(error);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      queue.push(job);
      sendNextJob();
    });
  }

  return {
    kind: "espeak-ng",

    async warmUp() {
      if (closed) throw new Error("espeak-ng engine is closed");
      const loadMs = await ensureWorker();
      if (!inFlight) worker?.unref();
      return { loadMs };
    },

    async synthesize(request: SpeechRequest): Promise<SpeechAudio> {
      if (closed) throw new Error("espeak-ng engine is closed");
      if (request.signal?.aborted) throw abortReason(request.signal);
      const text = request.text.trim();
      const voice = espeakVoiceFor(request.language, request.voice);
      const cacheKey = createHash("sha256")
        .update(JSON.stringify([request.language, voice, wordsPerMinute, text]))
        .digest("hex");
      const cached = cache.get(cacheKey);
      // A copy, so a caller that edits its buffer cannot change what later callers get.
      if (cached) return { audio: Buffer.from(cached), mimeType: "audio/wav" };
      const audio = await enqueue({
        job: { id: nextJobId++, voice, text, wordsPerMinute },
        cacheKey,
        signal: request.signal,
      });
      return { audio, mimeType: "audio/wav" };
    },

    async close() {
      closed = true;
      const error = new Error("espeak-ng engine is closed");
      for (const pending of queue.splice(0)) pending.reject(error);
      inFlight?.reject(error);
      inFlight = undefined;
      const stopping = worker;
      worker = undefined;
      engineReady = undefined;
      await stopping?.terminate();
    },
  };
}
