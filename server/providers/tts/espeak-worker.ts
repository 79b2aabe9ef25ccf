/**
 * Worker thread that owns one eSpeak NG WebAssembly engine: it loads the engine once, then
 * turns each job message into the bytes of a RIFF WAV file. espeak-pool.ts runs several.
 *
 * The npm build is the espeak-ng command-line program compiled with Emscripten. It exports
 * `main` but not `callMain`, and main cannot simply be called twice: the C side keeps global
 * state between runs (getopt's `optind`, the CLI's option statics, the library's voice
 * tables). Instantiating a fresh module per job from the compiled WebAssembly.Module works
 * but costs ~120 ms (a new 32 MB memory holding 18 MB of embedded voice data, the in-memory
 * file system rebuilt, constructors re-run). Instead we capture the instance's memory right
 * after start-up, before main ever ran, and copy that snapshot back before every job (~2 ms),
 * so each job starts from exactly the state a fresh process would see. The memory cannot
 * grow (the build fixes it at 32 MB), so the snapshot always covers all of it. JS-side state
 * (open files, the job's text and WAV) is cleaned up after each job in releaseJobFiles.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { parentPort } from "node:worker_threads";

export interface EspeakJob {
  id: number;
  /** An espeak voice, optionally with a variant: "en-us", "de+m3". */
  voice: string;
  text: string;
  wordsPerMinute: number;
  /** Also return espeak's phoneme mnemonics (its `-x` output): how tests see what was said. */
  tracePhonemes?: boolean;
}

export type EspeakWorkerMessage =
  | { type: "ready"; loadMs: number }
  | { type: "load-failed"; message: string }
  | { type: "done"; id: number; wav: Uint8Array; synthMs: number; phonemes?: string }
  /** engineLost: the worker is exiting after this, so no further job should be sent to it. */
  | { type: "failed"; id: number; message: string; engineLost: boolean };

/** The slice of the Emscripten file system API this worker uses. */
interface EmscriptenFs {
  writeFile(path: string, data: string): void;
  readFile(path: string): Uint8Array;
  unlink(path: string): void;
  close(stream: unknown): void;
  streams: unknown[];
}

interface EspeakModule {
  FS: EmscriptenFs;
}

interface EspeakModuleOptions {
  noInitialRun: boolean;
  thisProgram: string;
  arguments: string[];
  print(line: string): void;
  printErr(line: string): void;
  /** Emscripten's default sets process.exitCode; we only want exit() to unwind to our caller. */
  quit(status: number, toThrow: unknown): never;
  instantiateWasm(
    imports: WebAssembly.Imports,
    receiveInstance: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ): WebAssembly.Exports;
}

type EspeakFactory = (options: EspeakModuleOptions) => Promise<EspeakModule>;

interface EngineExports {
  memory: WebAssembly.Memory;
  main(argc: number, argv: number): number;
  stackSave(): number;
  stackRestore(pointer: number): void;
  stackAlloc(bytes: number): number;
}

interface Engine {
  synthesize(job: EspeakJob): { wav: Uint8Array; phonemes: string };
}

/** espeak-ng ran and refused the job (e.g. an unknown voice); the engine itself is fine. */
class EspeakExitError extends Error {}

const TEXT_PATH = "/job-text.txt";
const WAV_PATH = "/job-speech.wav";
/** File descriptors 0-2 are the standard streams; anything above is left over from a job. */
const FIRST_JOB_FD = 3;

function exportedFunction(exports: WebAssembly.Exports, name: string): (...args: number[]) => number {
  const value = exports[name];
  if (typeof value !== "function") throw new Error(`espeak-ng wasm does not export ${name}`);
  return value as (...args: number[]) => number;
}

function engineExports(exports: WebAssembly.Exports): EngineExports {
  const memory = exports.memory;
  if (!(memory instanceof WebAssembly.Memory)) throw new Error("espeak-ng wasm does not export its memory");
  return {
    memory,
    main: exportedFunction(exports, "__main_argc_argv"),
    stackSave: exportedFunction(exports, "stackSave"),
    stackRestore: exportedFunction(exports, "stackRestore"),
    stackAlloc: exportedFunction(exports, "stackAlloc"),
  };
}

function isEspeakFactory(value: unknown): value is EspeakFactory {
  return typeof value === "function";
}

/** Emscripten signals exit() by throwing its own ExitStatus object; anything else is a crash. */
function exitStatusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  if (!("name" in error) || error.name !== "ExitStatus" || !("status" in error)) return undefined;
  return typeof error.status === "number" ? error.status : undefined;
}

/** The package's default export, narrowed; it ships no type declarations. */
function factoryOf(engineScript: unknown): EspeakFactory {
  const factory: unknown =
    typeof engineScript === "object" && engineScript !== null && "default" in engineScript
      ? engineScript.default
      : undefined;
  if (!isEspeakFactory(factory)) throw new Error("espeak-ng did not export its module factory");
  return factory;
}

async function readWasm(): Promise<Uint8Array<ArrayBuffer>> {
  const scriptUrl = pathToFileURL(createRequire(import.meta.url).resolve("espeak-ng"));
  // Copied into a plain ArrayBuffer because WebAssembly.compile's types reject a Buffer that
  // might be backed by a SharedArrayBuffer.
  return new Uint8Array(await readFile(new URL("espeak-ng.wasm", scriptUrl)));
}

async function loadEngine(factory: EspeakFactory): Promise<Engine> {
  const compiled = await WebAssembly.compile(await readWasm());
  /** What espeak printed: stdout (phonemes with -x) and stderr (its complaints) apart. */
  const printed: string[] = [];
  const messages: string[] = [];
  let captured: EngineExports | undefined;
  const module = await factory({
    noInitialRun: true,
    thisProgram: "espeak-ng",
    arguments: [],
    print: (line) => printed.push(line),
    printErr: (line) => messages.push(line),
    quit: (_status, toThrow) => {
      throw toThrow;
    },
    instantiateWasm(imports, receiveInstance) {
      const instance = new WebAssembly.Instance(compiled, imports);
      captured = engineExports(instance.exports);
      receiveInstance(instance, compiled);
      return instance.exports;
    },
  });
  if (!captured) throw new Error("espeak-ng was not instantiated");
  const wasm = captured;
  const fs = module.FS;
  const pristineMemory = new Uint8Array(wasm.memory.buffer).slice();
  const pristineStack = wasm.stackSave();
  const encoder = new TextEncoder();

  function pushArgv(args: readonly string[]): number {
    const argv = wasm.stackAlloc((args.length + 1) * 4);
    for (const [index, arg] of args.entries()) {
      const bytes = encoder.encode(arg);
      const pointer = wasm.stackAlloc(bytes.length + 1);
      const heap = new Uint8Array(wasm.memory.buffer);
      heap.set(bytes, pointer);
      heap[pointer + bytes.length] = 0;
      new DataView(wasm.memory.buffer).setUint32(argv + index * 4, pointer, true);
    }
    new DataView(wasm.memory.buffer).setUint32(argv + args.length * 4, 0, true);
    return argv;
  }

  function releaseJobFiles(): void {
    for (let fd = FIRST_JOB_FD; fd < fs.streams.length; fd++) {
      const stream = fs.streams[fd];
      if (stream) fs.close(stream);
    }
    for (const path of [TEXT_PATH, WAV_PATH]) {
      try {
        fs.unlink(path);
      } catch {
        // The file was never written (e.g. espeak failed before opening it).
      }
    }
  }

  return {
    synthesize(job) {
      new Uint8Array(wasm.memory.buffer).set(pristineMemory);
      wasm.stackRestore(pristineStack);
      messages.length = 0;
      printed.length = 0;
      // The text goes through a file, not argv, so text starting with "-" is never an option.
      fs.writeFile(TEXT_PATH, job.text);
      const args = ["espeak-ng", "-w", WAV_PATH, "-v", job.voice, "-s", String(job.wordsPerMinute), "-f", TEXT_PATH];
      if (job.tracePhonemes) args.push("-x");
      try {
        let status: number;
        try {
          status = wasm.main(args.length, pushArgv(args));
        } catch (error) {
          const exitStatus = exitStatusOf(error);
          if (exitStatus === undefined) throw error;
          status = exitStatus;
        }
        if (status !== 0) throw new EspeakExitError(`espeak-ng exited with ${status}: ${messages.join(" ").trim()}`);
        return { wav: fs.readFile(WAV_PATH), phonemes: printed.join("\n") };
      } finally {
        releaseJobFiles();
      }
    },
  };
}

function post(message: EspeakWorkerMessage, transfer: ArrayBuffer[] = []): void {
  parentPort?.postMessage(message, transfer);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Called by the worker's bootstrap with the already-imported espeak-ng script (see
 * worker-thread.ts for why the bootstrap imports it rather than this module).
 */
export async function serveJobs(engineScript: unknown): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error("espeak-worker.ts must run as a worker thread");
  const started = performance.now();
  let engine: Engine;
  try {
    engine = await loadEngine(factoryOf(engineScript));
    // One throwaway sentence: the first run pays for page faults and the wasm compiler tiering
    // up (~100 ms), and we would rather pay that at start-up than on a caller's first greeting.
    engine.synthesize({ id: 0, voice: "en-us", text: "Ready.", wordsPerMinute: 175 });
  } catch (error) {
    post({ type: "load-failed", message: errorText(error) });
    return;
  }
  post({ type: "ready", loadMs: performance.now() - started });
  port.on("message", (job: EspeakJob) => {
    const jobStarted = performance.now();
    try {
      // Copied so the buffer we transfer holds exactly the WAV and nothing the FS still uses.
      const spoken = engine.synthesize(job);
      const wav = spoken.wav.slice();
      const phonemes = job.tracePhonemes ? spoken.phonemes : undefined;
      post({ type: "done", id: job.id, wav, synthMs: performance.now() - jobStarted, phonemes }, [wav.buffer]);
    } catch (error) {
      // A trap or abort inside the wasm may leave Emscripten's JS side half torn down; the
      // parent starts a fresh worker instead, which is simpler than repairing this one.
      const engineLost = !(error instanceof EspeakExitError);
      post({ type: "failed", id: job.id, message: errorText(error), engineLost });
      if (engineLost) process.exit(1);
    }
  });
}
