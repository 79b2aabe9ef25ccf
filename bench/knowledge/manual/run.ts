/**
 * The manual evaluation (issue 21): `npx tsx bench/knowledge/manual/run.ts [--engine pglite|postgres]
 * [--verbose]`. Python 3.11's HTML manual (Debian's python3.11-doc) goes into one agent the way
 * an upload does — each page through the extraction worker pool and stored with the app's own
 * queries, as an upload stores it (the row, its passages in batches, then ready) — then each labelled question goes through the app's
 * retrieval (words only: no embeddings model here), timed, and through a BM25 baseline with
 * Porter stemming over the same stored passages. Prints recall@1, recall@5 and MRR@5 for both,
 * by kind of question, and the retrieval latency. See bench/README.md, "Knowledge: a whole manual".
 * `--pages N` keeps the first N pages, `--copies K` stores the manual K times (each copy's
 * titles marked "(copy k)"), for the growth curve of latency with size; recall is then only
 * meaningful at the full manual, one copy. `--explain` prints the word search's plan, and
 * the slowest question's with its timings (EXPLAIN ANALYZE). Pages are stored as an upload stores
 * them, planner statistics included; `--stale-statistics` leaves those out.
 * Beside the knowledge agent, every question is also asked of an agent without knowledge (the
 * time every turn pays anyway): what knowledge adds is the difference, judged against the
 * issue's goals (p95 ≤ 50 ms at 1,000 pages, ≤ 100 ms at 100,000 passages). `--small N` adds an
 * agent holding the first N pages to the same database, asked the same questions in turn, and
 * prints the growth from it to the knowledge agent (goal at most 2× from 30 to 3,000 pages).
 * With RERANK_BASE_URL set (and RERANK_MODEL, RERANK_API_KEY as the app reads them), every
 * retrieval goes through that `/rerank` service as a turn's does: no model here, so its figures
 * are for whoever runs one.
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { knowledgeChunks } from "../../../server/db/schema-knowledge.js";
import { closeSharedExtractPool, extractInWorker } from "../../../server/knowledge/extract/extract-pool.js";
import {
  appendFilePart,
  fileParts,
  insertStoringDocument,
  appendStoredChunks,
  finishStoring,
  storingBatches,
} from "../../../server/knowledge/storing-queries.js";
import { loadConfig } from "../../../server/config.js";
import { createReranker } from "../../../server/providers/create-providers.js";
import { queryTerms } from "../../../server/knowledge/search/query-terms.js";
import { retrievePassages } from "../../../server/knowledge/search/retrieve-passages.js";
import { wordSearchSql } from "../../../server/knowledge/search/word-search.js";
import { refreshStaleKnowledgeStatistics } from "../../../server/knowledge/planner-statistics.js";
import { sql } from "drizzle-orm";
import { makeOwnerWithAgent, openBenchDatabase, type Engine, type Owner } from "../bench-database.js";
import type { Db } from "../../../server/db/connect.js";
import { Bm25Index } from "./bm25.js";
import { HOW_TO_INSTALL, loadManualPages, manualInstalled, MANUAL_ROOT, type ManualPage } from "./corpus.js";
import { MANUAL_QUESTIONS, type ManualQuestion, type QuestionKind } from "./questions.js";

const TOP_K = 5;
/** Pages read at once: the pool's workers stay busy while a page is being stored. */
const INGEST_CONCURRENCY = 3;
const WARM_UP_QUERIES = 10;
/**
 * The pool's memory watch measures this whole process, which on PGlite also holds the database
 * and grows as pages are stored; a page is never refused for that here (it measures retrieval).
 */
const POOL_OPTIONS = { memoryBudgetMb: 16_384 };

const argv = process.argv.slice(2);
const VERBOSE = argv.includes("--verbose");
const EXPLAIN = argv.includes("--explain");
/** `--stale-statistics`: store without the app's ANALYZE, to see the plans autovacuum-less statistics make. */
const STALE_STATISTICS = argv.includes("--stale-statistics");
const numberArg = (name: string, fallback: number) =>
  argv.includes(name) ? Math.max(1, Number(argv[argv.indexOf(name) + 1]) || fallback) : fallback;
/**
 * `--typos`: every question asked with one typo, two neighbouring letters swapped in the middle of
 * its longest word ("environment" → "enviornment"), the same for the app and BM25: what typo
 * tolerance recovers at the manual's size (3,767 passages), where it used to be off (> 300).
 */
const TYPOS = argv.includes("--typos");
const PAGES = numberArg("--pages", Number.MAX_SAFE_INTEGER);
const COPIES = numberArg("--copies", 1);
const SMALL = argv.includes("--small") ? numberArg("--small", 30) : 0;
const engineArg = argv[argv.indexOf("--engine") + 1];
const ENGINES: Engine[] =
  argv.includes("--engine") && (engineArg === "pglite" || engineArg === "postgres")
    ? [engineArg]
    : ["pglite", "postgres"];
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
const log = (line: string) => console.log(line);
/** The app's own reranker when the environment configures one (the other settings do not matter here). */
const reranker = await createReranker(
  loadConfig({ ...process.env, SESSION_SECRET: "bench-secret-bench-secret-bench" }),
);

interface Scored {
  question: ManualQuestion;
  /** 1-based rank of the first passage from a labelled page, null when none in the top TOP_K. */
  rank: number | null;
  pages: string[];
}

interface StoredPassage {
  id: string;
  page: string;
  content: string;
}

async function ingest(
  db: Db,
  owner: Owner,
  pages: ManualPage[],
  copies: number,
): Promise<{ pageOfDocument: Map<string, string>; ms: number }> {
  const started = performance.now();
  const pageOfDocument = new Map<string, string>();
  let next = 0;
  let stored = 0;
  // A copy's pages are read once: the growth curve measures retrieval, not extraction.
  const extractions = new Map<string, ReturnType<typeof extractInWorker>>();
  const worker = async () => {
    while (next < pages.length) {
      const page = pages[next++];
      const copy = Math.floor((next - 1) / (pages.length / copies));
      const input = { bytes: page.bytes, fileName: page.fileName, declaredType: "text/html" };
      if (!extractions.has(page.key)) extractions.set(page.key, extractInWorker(input, POOL_OPTIONS));
      const extracted = await extractions.get(page.key)!;
      // Stored as an upload stores it: the row, its passages in batches, then made searchable.
      const row = await insertStoringDocument(db, {
        agentId: owner.agentId,
        userId: owner.userId,
        title: `${extracted.suggestedTitle ?? page.key}${copy > 0 ? ` (copy ${copy})` : ""}`.slice(0, 200),
        kind: extracted.kind,
        fileName: page.fileName,
        sizeBytes: page.bytes.length,
        chunkCount: extracted.chunks.length,
      });
      for (const [part, bytes] of fileParts(page.bytes).entries())
        await appendFilePart(db, row, part, bytes, new Date());
      for (const batch of storingBatches(extracted.chunks)) await appendStoredChunks(db, row, batch, new Date());
      await finishStoring(db, row, { status: "ready", now: new Date() });
      if (copy === 0) pageOfDocument.set(row.id, page.key);
      // As an upload does: fresh planner statistics once the agent outgrows what they say.
      stored += extracted.chunks.length;
      if (!STALE_STATISTICS) await refreshStaleKnowledgeStatistics(db, owner.agentId, stored);
    }
  };
  await Promise.all(Array.from({ length: INGEST_CONCURRENCY }, worker));
  return { pageOfDocument, ms: performance.now() - started };
}

function rankOf(question: ManualQuestion, pages: string[]): number | null {
  const index = pages.findIndex((page) => question.pages.includes(page));
  return index >= 0 && index < TOP_K ? index + 1 : null;
}

interface Figures {
  n: number;
  at1: number;
  at5: number;
  mrr: number;
}

function figures(results: Scored[]): Figures {
  const n = results.length;
  const at = (k: number) => results.filter((r) => r.rank !== null && r.rank <= k).length / n;
  const mrr = results.reduce((sum, r) => sum + (r.rank ? 1 / r.rank : 0), 0) / n;
  return { n, at1: at(1), at5: at(TOP_K), mrr };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const f2 = (n: number) => n.toFixed(2);

/** HTML's own tags, not the "<class 'int'>" of a printed repr, which the manual is full of. */
const HTML_TAG =
  /<\/?(?:a|b|i|em|strong|span|div|p|pre|code|br|tt|cite|table|tr|td|th|ul|ol|li|dl|dt|dd|h[1-6]|img)(?:\s[^>]*)?>/i;

function passageStatistics(passages: StoredPassage[]): string {
  const lengths = passages.map((p) => p.content.length).sort((a, b) => a - b);
  const withTags = passages.filter((p) => HTML_TAG.test(p.content)).length;
  const long = passages.filter((p) => p.content.length >= 2_500).length;
  return (
    `${passages.length} passages; characters p50 ${percentile(lengths, 50)}, p95 ${percentile(lengths, 95)}, max ${lengths.at(-1)}; ` +
    `${((100 * long) / passages.length).toFixed(0)} % of ≥ 2,500 characters; ${((100 * withTags) / passages.length).toFixed(1)} % hold HTML tags`
  );
}

/** The plan of one word search: it must read the GIN indexes, not every passage of the agent. */
async function explainWordSearch(db: Db, owner: Owner, question: string, analyze?: "analyze"): Promise<void> {
  const terms = queryTerms(question).words.map((word) => ({ english: word.english, simple: word.term }));
  const explain = analyze ? sql`explain (analyze, buffers)` : sql`explain`;
  const result = await db.execute(sql`${explain} ${wordSearchSql(owner.agentId, terms)}`);
  const lines = (result as unknown as { rows: Array<Record<string, string>> }).rows.map((row) => Object.values(row)[0]);
  log(`plan of the word search for "${question}":\n${lines.join("\n")}`);
}

async function evaluate(engine: Engine, pages: ManualPage[]): Promise<void> {
  const bench = await openBenchDatabase(engine);
  try {
    const db = bench.database.db;
    const owner = await makeOwnerWithAgent(db, `manual-${engine}`);
    const { pageOfDocument, ms } = await ingest(db, owner, pages, COPIES);
    const withoutKnowledge = await makeOwnerWithAgent(db, `no-knowledge-${engine}`);
    const small = SMALL > 0 ? await makeOwnerWithAgent(db, `small-${engine}`) : null;
    if (small) await ingest(db, small, pages.slice(0, SMALL), 1);
    const rows = await db
      .select({ id: knowledgeChunks.id, documentId: knowledgeChunks.documentId, content: knowledgeChunks.content })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.agentId, owner.agentId));
    const passages: StoredPassage[] = rows.map((r) => ({
      id: r.id,
      page: pageOfDocument.get(r.documentId) ?? "copy",
      content: r.content,
    }));
    const pageOfPassage = new Map(passages.map((p) => [p.id, p.page]));
    log(`\n${engine}: ${pages.length} pages ingested in ${(ms / 1000).toFixed(1)} s; ${passageStatistics(passages)}`);

    if (EXPLAIN) await explainWordSearch(db, owner, MANUAL_QUESTIONS[0].question);
    const bm25 = new Bm25Index();
    for (const passage of passages) bm25.add(passage.id, passage.content);

    const others = [withoutKnowledge, ...(small ? [small] : [])];
    for (const question of MANUAL_QUESTIONS.slice(0, WARM_UP_QUERIES)) {
      for (const agent of [owner, ...others]) {
        await retrievePassages(db, null, { agentId: agent.agentId, query: question.question, limit: TOP_K, reranker });
      }
    }
    const app: Scored[] = [];
    const baseline: Scored[] = [];
    const times: number[] = [];
    const timesWithout: number[] = [];
    const timesSmall: number[] = [];
    let topLong = 0;
    for (const labelled of MANUAL_QUESTIONS) {
      const question = TYPOS ? { ...labelled, question: withTypo(labelled.question) } : labelled;
      for (const [agent, into] of [
        [withoutKnowledge, timesWithout],
        [small, timesSmall],
      ] as const) {
        if (!agent) continue;
        const began = performance.now();
        await retrievePassages(db, null, { agentId: agent.agentId, query: question.question, limit: TOP_K, reranker });
        into.push(performance.now() - began);
      }
      const started = performance.now();
      const found = await retrievePassages(db, null, {
        agentId: owner.agentId,
        query: question.question,
        limit: TOP_K,
        reranker,
      });
      times.push(performance.now() - started);
      if ((found[0]?.content.length ?? 0) >= 2_500) topLong++;
      const appPages = found.map((p) => pageOfDocument.get(p.documentId) ?? "copy");
      app.push({ question, rank: rankOf(question, appPages), pages: appPages });
      const bm25Pages = bm25.search(question.question, TOP_K).map((hit) => pageOfPassage.get(hit.id)!);
      baseline.push({ question, rank: rankOf(question, bm25Pages), pages: bm25Pages });
    }

    const kinds: Array<{ label: string; keep: (q: ManualQuestion) => boolean }> = [
      { label: "all", keep: () => true },
      ...(["paraphrase", "keywords", "concept"] as QuestionKind[]).map((kind) => ({
        label: kind,
        keep: (q: ManualQuestion) => q.kind === kind,
      })),
    ];
    log(`| ${engine}, questions | n | app r@1 | app r@5 | app MRR@5 | BM25 r@1 | BM25 r@5 | BM25 MRR@5 |`);
    log(`| --- | --- | --- | --- | --- | --- | --- | --- |`);
    for (const kind of kinds) {
      const a = figures(app.filter((r) => kind.keep(r.question)));
      const b = figures(baseline.filter((r) => kind.keep(r.question)));
      log(
        `| ${kind.label} | ${a.n} | ${f2(a.at1)} | ${f2(a.at5)} | ${f2(a.mrr)} | ${f2(b.at1)} | ${f2(b.at5)} | ${f2(b.mrr)} |`,
      );
    }
    if (EXPLAIN) {
      // The slowest question's word search, run again with its real timings: where a tail goes.
      const slowest = times.indexOf(Math.max(...times));
      await explainWordSearch(db, owner, MANUAL_QUESTIONS[slowest].question, "analyze");
    }
    const all = figures(app);
    const base = figures(baseline);
    const sorted = [...times].sort((a, b) => a - b);
    log(
      `retrieval latency (${times.length} questions, after ${WARM_UP_QUERIES} warm-up): p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
    );
    log(`top passage ≥ 2,500 characters in ${((100 * topLong) / app.length).toFixed(0)} % of questions`);
    const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
    printAddedTime(pages.length, passages.length, sorted, timesWithout, verdict);
    if (small) printGrowth(SMALL, pages.length, timesSmall, sorted, verdict);
    log(
      `goals: recall@5 ${f2(all.at5)} ≥ 0.90 ${verdict(all.at5 >= 0.9)}; ≥ BM25 + 0.05 (${f2(base.at5 + 0.05)}) ` +
        `${verdict(all.at5 >= base.at5 + 0.05)}; recall@1 ${f2(all.at1)} ≥ 0.70 ${verdict(all.at1 >= 0.7)}`,
    );
    if (VERBOSE) {
      for (const [i, r] of app.entries()) {
        if (r.rank === 1) continue;
        log(`  ${r.rank === null ? "MISS" : `rank ${r.rank}`} [${r.question.kind}] ${r.question.question}`);
        log(
          `    wanted ${r.question.pages.join(", ")}; got ${r.pages.join(", ")}; BM25 rank ${baseline[i].rank ?? "-"}`,
        );
      }
    }
  } finally {
    await bench.close();
  }
}

/** What knowledge adds to a turn: the same questions' retrieval on an agent without knowledge, subtracted. */
function printAddedTime(
  pages: number,
  passages: number,
  withKnowledge: number[],
  without: number[],
  verdict: (ok: boolean) => string,
): void {
  const bare = [...without].sort((a, b) => a - b);
  const added = (p: number) => percentile(withKnowledge, p) - percentile(bare, p);
  log(
    `agent without knowledge: p50 ${percentile(bare, 50).toFixed(1)} ms, p95 ${percentile(bare, 95).toFixed(1)} ms; ` +
      `added by knowledge (${pages} pages, ${passages} passages): p50 ${added(50).toFixed(1)} ms, p95 ${added(95).toFixed(1)} ms`,
  );
  const goals = [
    ...(pages >= 1_000 ? [`p95 ≤ 50 ms at 1,000 pages ${verdict(added(95) <= 50)}`] : []),
    ...(passages >= 100_000 ? [`p95 ≤ 100 ms at 100,000 passages ${verdict(added(95) <= 100)}`] : []),
  ];
  log(
    `goals, added time: ${goals.length > 0 ? goals.join("; ") : "none at this size (1,000 pages, 100,000 passages)"}`,
  );
}

function printGrowth(
  smallPages: number,
  pages: number,
  small: number[],
  large: number[],
  verdict: (ok: boolean) => string,
): void {
  const sortedSmall = [...small].sort((a, b) => a - b);
  const ratio = (p: number) => percentile(large, p) / percentile(sortedSmall, p);
  log(
    `${smallPages} pages: p50 ${percentile(sortedSmall, 50).toFixed(1)} ms, p95 ${percentile(sortedSmall, 95).toFixed(1)} ms; ` +
      `growth to ${pages} pages: p50 ${ratio(50).toFixed(2)}×, p95 ${ratio(95).toFixed(2)}× ` +
      `(goal at most 2× from 30 to 3,000 pages: ${verdict(ratio(50) <= 2 && ratio(95) <= 2)})`,
  );
}

if (!manualInstalled()) {
  console.error(HOW_TO_INSTALL);
  process.exit(1);
}
try {
  const manual = (await loadManualPages()).slice(0, PAGES);
  const pages = Array.from({ length: COPIES }, () => manual).flat();
  const keys = new Set((await loadManualPages()).map((p) => p.key));
  const unknown = MANUAL_QUESTIONS.flatMap((q) => q.pages.filter((page) => !keys.has(page)));
  if (unknown.length > 0) throw new Error(`labels name pages the manual does not have: ${unknown.join(", ")}`);
  log(
    `load average at start: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  log(`${MANUAL_QUESTIONS.length} labelled questions over ${pages.length} pages of ${MANUAL_ROOT}`);
  log(
    reranker
      ? `reranked by ${reranker.model} at ${process.env.RERANK_BASE_URL}`
      : "no rerank service (RERANK_BASE_URL unset)",
  );
  for (const engine of ENGINES) await evaluate(engine, pages);
  log(
    `load average at end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await closeSharedExtractPool();
}

/** The question with its longest word's two middle letters swapped (a word of five letters or more). */
function withTypo(question: string): string {
  const words = question.match(/\p{L}{5,}/gu) ?? [];
  const longest = words.reduce((best, word) => (word.length > best.length ? word : best), "");
  if (longest === "") return question;
  const middle = Math.floor(longest.length / 2);
  const typo = longest.slice(0, middle - 1) + longest[middle] + longest[middle - 1] + longest.slice(middle + 1);
  return question.replace(longest, typo);
}
