/**
 * Knowledge retrieval quality and speed: `npm run bench:knowledge` (`-- --verbose` lists the
 * misses). Recall@5 of the labelled questions over the bench's documents, ingested through the
 * real extraction, for full text alone and for hybrid retrieval (vectors from the fake OpenAI
 * server's /embeddings), on PGlite and PostgreSQL; then retrieval times over 10,000 chunks of
 * one agent on PostgreSQL. See bench/README.md, "Knowledge".
 */
import { loadavg } from "node:os";
import { closeSharedExtractPool } from "../../server/knowledge/extract/extract-pool.js";
import { createOpenAiCompatibleEmbeddings } from "../../server/providers/embeddings/openai-compatible-embeddings.js";
import { startFakeOpenAi } from "../../server/test-support/fake-openai.js";
import { makeOwnerWithAgent, openBenchDatabase, type Engine } from "./bench-database.js";
import { loadCorpus } from "./corpus.js";
import { embedAgentKnowledge, ingestCorpus } from "./ingest.js";
import { QUESTIONS } from "./questions.js";
import { checkLabels, scoreQuestions } from "./recall.js";
import { printMisses, printOfflineMisses, printRecall, printTimings, type RecallRun } from "./report.js";
import { measureSpeed } from "./speed.js";

const args = new Set(process.argv.slice(2));
const VERBOSE = args.has("--verbose");
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SPEED = {
  chunks: env("KNOWLEDGE_BENCH_CHUNKS", 10_000),
  otherAgents: env("KNOWLEDGE_BENCH_OTHER_AGENTS", 4),
  otherChunks: env("KNOWLEDGE_BENCH_OTHER_CHUNKS", 20_000),
  queries: env("KNOWLEDGE_BENCH_QUERIES", 200),
  chunksPerDocument: 250,
};
const ENGINES: Engine[] = args.has("--postgres-only") ? ["postgres"] : ["pglite", "postgres"];

process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
const log = (line: string) => console.log(line);

const fake = await startFakeOpenAi({ recordRequests: false });
const embeddings = createOpenAiCompatibleEmbeddings({ baseUrl: fake.url, model: "fake-embeddings", timeoutMs: 30_000 });
try {
  log(
    `load average at start: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  const corpus = await loadCorpus();
  log(`${QUESTIONS.length} labelled questions over ${corpus.length} documents`);

  const runs: RecallRun[] = [];
  for (const engine of args.has("--no-recall") ? [] : ENGINES) {
    const bench = await openBenchDatabase(engine);
    try {
      const db = bench.database.db;
      const owner = await makeOwnerWithAgent(db, "recall");
      const files = await ingestCorpus(db, owner, corpus);
      if (runs.length === 0) {
        for (const file of files) {
          log(
            `  ${file.key.padEnd(11)} ${String(file.chunks.length).padStart(3)} chunks, extracted in ${file.extractMs.toFixed(0)} ms`,
          );
        }
        const labels = checkLabels(QUESTIONS, files);
        for (const broken of labels.broken)
          log(`  BROKEN LABEL: "${broken.answerContains}" is not in ${broken.document}`);
        if (labels.broken.length > 0) throw new Error("the labelled set does not match the documents");
        log(
          `  labels: all found in their document; ${labels.repeated} in more than one of its chunks, ` +
            `${labels.elsewhere.length} also in another document (${labels.elsewhere.map((q) => `"${q.answerContains}"`).join(", ") || "none"})`,
        );
      }
      runs.push({
        engine,
        mode: "full text",
        results: await scoreQuestions(db, null, owner.agentId, QUESTIONS, VERBOSE),
      });
      await embedAgentKnowledge(db, embeddings, owner.agentId);
      runs.push({
        engine,
        mode: "hybrid",
        results: await scoreQuestions(db, embeddings, owner.agentId, QUESTIONS, VERBOSE),
      });
    } finally {
      await bench.close();
    }
  }
  if (runs.length > 0) printRecall(runs);
  if (VERBOSE) for (const run of runs) printMisses(run);
  if (VERBOSE) for (const run of runs.filter((r) => r.mode === "full text")) printOfflineMisses(run);

  if (!args.has("--no-speed")) {
    log(
      `\nspeed: ${SPEED.chunks} chunks for one agent, ${SPEED.otherChunks} for ${SPEED.otherAgents} others, PostgreSQL`,
    );
    const bench = await openBenchDatabase("postgres");
    try {
      const timings = await measureSpeed(bench.database.db, embeddings, corpus, SPEED, log);
      printTimings(timings, SPEED.chunks);
    } finally {
      await bench.close();
    }
  }
  log(
    `load average at end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await closeSharedExtractPool();
  await fake.close();
}
