/**
 * Worker thread that owns the kuromoji tokenizer: it loads the dictionary once (~2 s and
 * ~300 MB, which is why this is a worker of its own, started only when Japanese is first
 * spoken) and then answers each job with its text spelled as kana. Spawned by
 * japanese-reader.ts.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parentPort } from "node:worker_threads";
import type { IpadicFeatures, Tokenizer, TokenizerBuilder, TokenizerBuilderOption } from "kuromoji";
import { spellAsKana } from "./japanese-kana.js";

export interface ReadingJob {
  id: number;
  text: string;
}

export type ReaderWorkerMessage =
  | { type: "ready"; loadMs: number }
  | { type: "load-failed"; message: string }
  | { type: "done"; id: number; kana: string }
  | { type: "failed"; id: number; message: string };

type BuilderFactory = (option: TokenizerBuilderOption) => TokenizerBuilder<IpadicFeatures>;

/** The package's CommonJS export, as the bootstrap's import() hands it over. */
function builderOf(kuromoji: unknown): BuilderFactory {
  const exported: unknown =
    typeof kuromoji === "object" && kuromoji !== null && "default" in kuromoji ? kuromoji.default : kuromoji;
  const builder: unknown =
    typeof exported === "object" && exported !== null && "builder" in exported ? exported.builder : undefined;
  if (typeof builder !== "function") throw new Error("kuromoji did not export its builder");
  return builder as BuilderFactory;
}

/** The dictionary ships inside the package, beside its src/ folder. */
function dictionaryPath(): string {
  return join(dirname(createRequire(import.meta.url).resolve("kuromoji")), "..", "dict");
}

function buildTokenizer(builder: BuilderFactory): Promise<Tokenizer<IpadicFeatures>> {
  return new Promise((resolve, reject) => {
    builder({ dicPath: dictionaryPath() }).build((error, tokenizer) => {
      // kuromoji's callback passes null, not undefined, when all went well.
      if (error as Error | null) reject(error);
      else resolve(tokenizer);
    });
  });
}

function post(message: ReaderWorkerMessage): void {
  parentPort?.postMessage(message);
}

export async function serveJobs(kuromoji: unknown): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error("japanese-reader-worker.ts must run as a worker thread");
  const started = performance.now();
  let tokenizer: Tokenizer<IpadicFeatures>;
  try {
    tokenizer = await buildTokenizer(builderOf(kuromoji));
  } catch (error) {
    post({ type: "load-failed", message: error instanceof Error ? error.message : String(error) });
    return;
  }
  const readCharacter = (kanji: string): string | undefined => tokenizer.tokenize(kanji)[0]?.pronunciation;
  post({ type: "ready", loadMs: performance.now() - started });
  port.on("message", (job: ReadingJob) => {
    try {
      post({ type: "done", id: job.id, kana: spellAsKana(tokenizer.tokenize(job.text), readCharacter) });
    } catch (error) {
      post({ type: "failed", id: job.id, message: error instanceof Error ? error.message : String(error) });
    }
  });
}
