/** The bench's printed tables: recall by subset and mode, misses, and retrieval times. */
import { RECALL_AT, SUBSETS, recall, type QuestionResult } from "./recall.js";
import type { Timings } from "./speed.js";

export const GOALS = { hybridRecall: 0.9, fullTextRecall: 0.75, p95Ms: 50, offlineAnswers: 0.6 };

export interface RecallRun {
  engine: string;
  mode: "full text" | "hybrid";
  results: QuestionResult[];
}

const fixed = (share: number) => (Number.isNaN(share) ? "–" : share.toFixed(2));

export function printRecall(runs: RecallRun[]): void {
  const columns = runs.map((run) => `${run.engine} ${run.mode}`);
  const header = ["".padEnd(30), "n".padStart(4), ...columns.map((c) => c.padStart(Math.max(c.length, 6)))];
  console.log(`\nrecall@${RECALL_AT} (share of questions whose answer is in the top ${RECALL_AT} passages)`);
  console.log(header.join("  "));
  for (const subset of SUBSETS) {
    const cells = runs.map((run, i) => fixed(recall(run.results, subset.keep).share).padStart(columns[i].length));
    const n = recall(runs[0].results, subset.keep).n;
    console.log([subset.label.padEnd(30), String(n).padStart(4), ...cells].join("  "));
  }
  const atOne = runs.map((run, i) => fixed(recall(run.results, () => true, 1).share).padStart(columns[i].length));
  console.log(["recall@1, all questions".padEnd(30), "".padStart(4), ...atOne].join("  "));

  console.log(`\nagainst the goals (hybrid ≥ ${GOALS.hybridRecall}, full text ≥ ${GOALS.fullTextRecall}):`);
  for (const run of runs) {
    const share = recall(run.results, () => true).share;
    const goal = run.mode === "hybrid" ? GOALS.hybridRecall : GOALS.fullTextRecall;
    const misses = run.results.filter((result) => result.rank === null).length;
    console.log(
      `${run.engine.padEnd(9)} ${run.mode.padEnd(9)} recall@${RECALL_AT} ${fixed(share)} ` +
        `(${misses} missed) → ${share >= goal ? "met" : "MISSED"}`,
    );
  }
  // Issue 21: with no model configured, the offline responder's reply must hold the answer.
  console.log(
    `\noffline replies holding the labelled answer (goal ≥ ${GOALS.offlineAnswers}; the first passage about the message quoted):`,
  );
  for (const run of runs) {
    const answered = run.results.filter((result) => result.offlineAnswers).length;
    const share = answered / run.results.length;
    const retrievedFirst = recall(run.results, () => true, 1).share;
    console.log(
      `${run.engine.padEnd(9)} ${run.mode.padEnd(9)} ${fixed(share)} (${answered} of ${run.results.length}; ` +
        `answer in the first passage ${fixed(retrievedFirst)}) → ${share >= GOALS.offlineAnswers ? "met" : "MISSED"}`,
    );
  }
}

/** The questions whose answer was retrieved first but the offline reply quoted other sentences. */
export function printOfflineMisses(run: RecallRun): void {
  const misses = run.results.filter((result) => result.rank === 1 && !result.offlineAnswers);
  console.log(
    `\noffline replies without the answer although it was retrieved first, ${run.engine} ${run.mode} (${misses.length}):`,
  );
  for (const miss of misses) {
    console.log(`✗ ${miss.question.question} — wanted "${miss.question.answerContains}"`);
    console.log(`    ${oneLine(miss.offlineReply ?? "(no reply from knowledge)", 200)}`);
  }
}

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export function printMisses(run: RecallRun): void {
  const misses = run.results.filter((result) => result.rank === null);
  console.log(`\nmisses, ${run.engine} ${run.mode} (${misses.length}):`);
  for (const miss of misses) {
    const { question, passages, deeperRank } = miss;
    const deeper = deeperRank ? `at limit 20 ranked ${deeperRank}` : "not in the top 20 either";
    console.log(`✗ [${question.document}] ${question.question}`);
    console.log(`    wanted "${question.answerContains}" — ${deeper}; got:`);
    for (const passage of passages) {
      console.log(
        `    · ${oneLine(`${passage.title} · ${passage.location ?? "–"}`, 70)}: ${oneLine(passage.content, 90)}`,
      );
    }
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function printTimings(timings: Timings, chunks: number): void {
  const row = (label: string, values: number[], goal: boolean) => {
    const p95 = percentile(values, 95);
    const verdict = goal ? (p95 <= GOALS.p95Ms ? "  met" : "  MISSED") : "";
    console.log(
      `${label.padEnd(44)} ${percentile(values, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)} ` +
        `${Math.max(...values)
          .toFixed(1)
          .padStart(7)}${verdict}`,
    );
  };
  console.log(`\nretrieval over ${chunks} chunks of one agent on PostgreSQL, top ${RECALL_AT} (ms)`);
  console.log(
    `${"".padEnd(44)} ${"p50".padStart(7)} ${"p95".padStart(7)} ${"max".padStart(7)}   goal p95 ≤ ${GOALS.p95Ms}`,
  );
  row("full text (words, + similar words when few)", timings.fullText, true);
  row("hybrid (full text + vectors)", timings.hybrid, true);
  row(`misspelt, full text (${timings.misspelt.fullText.length} apart)`, timings.misspelt.fullText, false);
  row(`misspelt, hybrid (${timings.misspelt.hybrid.length} apart)`, timings.misspelt.hybrid, false);
  row("query embedding alone (fake server)", timings.queryEmbedding, false);
  row("bare round trip (select 1)", timings.selectOne, false);
  console.log(`first hybrid search (reads the agent's vectors): ${timings.coldHybridMs.toFixed(0)} ms`);
  const matched = (p: number) => percentile(timings.matchedChunks, p).toFixed(0);
  console.log(
    `chunks holding any word of the query (what the word search ranks): p10 ${matched(10)}, ` +
      `median ${matched(50)}, p90 ${matched(90)} of ${chunks}`,
  );
}
