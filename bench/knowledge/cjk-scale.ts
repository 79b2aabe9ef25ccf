/**
 * Character-pair search at scale (issue 21, decision 161): `npx tsx bench/knowledge/cjk-scale.ts
 * [--engine pglite|postgres] [--passages N] [--questions N] [--explain]`. One agent holds N Japanese-like passages (a made-up
 * vocabulary of kanji and katakana words, Zipf-distributed, joined by hiragana particles, ~400
 * characters each: what matters here is how many passages there are, not what they say); each
 * question is three words of one passage with particles between them. Per question, in rotation,
 * the app's search (`rankByCharacterPairs`, the pairs index) and the search it replaced (every
 * passage's text searched for every pair, kept below as the baseline) on the same data in the
 * same run; p50/p95 of each, and whether the top passage is the one the words came from.
 */
import { sql } from "drizzle-orm";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import type { Db } from "../../server/db/connect.js";
import { knowledgeChunks, knowledgeDocuments } from "../../server/db/schema-knowledge.js";
import { queryTerms } from "../../server/knowledge/search/query-terms.js";
import { characterPairSearchSql, rankByCharacterPairs } from "../../server/knowledge/search/character-pair-search.js";
import type { RankedChunk } from "../../server/knowledge/search/search-queries.js";
import { makeOwnerWithAgent, openBenchDatabase, type Engine } from "./bench-database.js";

const argv = process.argv.slice(2);
const argOf = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const ENGINE: Engine = argOf("--engine") === "pglite" ? "pglite" : "postgres";
const PASSAGES = Number(argOf("--passages") ?? 100_000);
/** `--questions N`: fewer at large sizes, where the text scan takes seconds a question. */
const QUESTIONS = Number(argOf("--questions") ?? 60);
const WARM_UP = 5;
const PASSAGES_PER_DOCUMENT = 200;

/** A deterministic generator, so every run stores the same text. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
const next = random(21);
const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
const char = (from: number, to: number) => String.fromCodePoint(from + Math.floor(next() * (to - from + 1)));

/** 6,000 words: two or three common kanji, or three to five katakana. */
const VOCABULARY = Array.from({ length: 6_000 }, (_, i) =>
  i % 4 === 3
    ? Array.from({ length: 3 + Math.floor(next() * 3) }, () => char(0x30a2, 0x30f3)).join("")
    : Array.from({ length: 2 + Math.floor(next() * 2) }, () => char(0x4e00, 0x4e00 + 2_500)).join(""),
);
const PARTICLES = ["は", "が", "を", "に", "で", "の", "と", "も", "から", "まで", "します", "です", "ます"];
/** Zipf: the word of rank r is drawn with weight 1/r. */
const CUMULATIVE: number[] = [];
for (let r = 0, sum = 0; r < VOCABULARY.length; r++) CUMULATIVE.push((sum += 1 / (r + 1)));
const zipfWord = () => {
  const target = next() * CUMULATIVE.at(-1)!;
  let low = 0;
  let high = CUMULATIVE.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (CUMULATIVE[mid]! < target) low = mid + 1;
    else high = mid;
  }
  return VOCABULARY[low]!;
};

function passage(): { text: string; words: string[] } {
  const words: string[] = [];
  let text = "";
  while (text.length < 400) {
    const word = zipfWord();
    words.push(word);
    text += word + pick(PARTICLES) + (next() < 0.15 ? "。" : "");
  }
  return { text, words };
}

/** The search before decision 161: every ready passage's text searched for every pair. */
async function rankByScanningText(db: Db, agentId: string, grams: string[]): Promise<RankedChunk[]> {
  const result = await db.execute(sql`
    with grams as (select g from json_array_elements_text(${JSON.stringify(grams)}::json) as t(g)),
    chunks as (select c.id, c.content from knowledge_chunks c
                 join knowledge_documents d on d.id = c.document_id and d.status = 'ready'
                where c.agent_id = ${agentId}),
    hits as (select chunks.id, grams.g from chunks join grams on strpos(chunks.content, grams.g) > 0),
    frequency as (select g, count(*) as df from hits group by g),
    total as (select count(*)::float8 as n from chunks)
    select h.id, sum(ln(1 + (total.n - f.df + 0.5) / (f.df + 0.5)))::float8 as score
      from hits h join frequency f on f.g = h.g cross join total
     group by h.id order by score desc, h.id limit 50`);
  return (result as unknown as { rows: RankedChunk[] }).rows;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function main(): Promise<void> {
  const bench = await openBenchDatabase(ENGINE);
  try {
    const db = bench.database.db;
    const owner = await makeOwnerWithAgent(db, `cjk-${ENGINE}`);
    const stored: { id: string; words: string[] }[] = [];
    const began = performance.now();
    for (let start = 0; start < PASSAGES; start += PASSAGES_PER_DOCUMENT) {
      const texts = Array.from({ length: Math.min(PASSAGES_PER_DOCUMENT, PASSAGES - start) }, passage);
      const [document] = await db
        .insert(knowledgeDocuments)
        .values({
          agentId: owner.agentId,
          userId: owner.userId,
          title: `文書${start / PASSAGES_PER_DOCUMENT}`,
          kind: "text",
          sizeBytes: texts.reduce((sum, t) => sum + Buffer.byteLength(t.text), 0),
          status: "ready",
          chunkCount: texts.length,
        })
        .returning({ id: knowledgeDocuments.id });
      const rows = await db
        .insert(knowledgeChunks)
        .values(
          texts.map((t, i) => ({ documentId: document!.id, agentId: owner.agentId, ordinal: i, content: t.text })),
        )
        .returning({ id: knowledgeChunks.id });
      rows.forEach((row, i) => stored.push({ id: row.id, words: texts[i]!.words }));
    }
    await db.execute(sql`analyze knowledge_chunks, knowledge_documents`);
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    console.log(
      `${ENGINE}: ${PASSAGES} passages stored in ${((performance.now() - began) / 1000).toFixed(1)} s; load average ${load}`,
    );

    const questions = Array.from({ length: QUESTIONS + WARM_UP }, () => {
      const source = pick(stored);
      // The passage's three rarest-looking words (longest first): what a question names.
      const words = [...new Set(source.words)].sort((a, b) => b.length - a.length).slice(0, 3);
      return { source: source.id, grams: queryTerms(words.join("について") + "を教えて").grams };
    });
    if (argv.includes("--explain")) {
      const plan = await db.execute(
        sql`explain (analyze, buffers) ${characterPairSearchSql(owner.agentId, questions[0]!.grams)}`,
      );
      const lines = (plan as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]);
      console.log(`plan of the pairs search (${questions[0]!.grams.length} pairs):\n${lines.join("\n")}`);
    }
    const times = { pairs: [] as number[], scan: [] as number[] };
    const top = { pairs: 0, scan: 0 };
    for (const [i, question] of questions.entries()) {
      const order = i % 2 === 0 ? (["pairs", "scan"] as const) : (["scan", "pairs"] as const);
      for (const side of order) {
        const started = performance.now();
        const ranked =
          side === "pairs"
            ? await rankByCharacterPairs(db, owner.agentId, question.grams)
            : await rankByScanningText(db, owner.agentId, question.grams);
        if (i < WARM_UP) continue;
        times[side].push(performance.now() - started);
        if (ranked.slice(0, 5).some((r) => r.id === question.source)) top[side]++;
      }
    }
    for (const side of ["pairs", "scan"] as const) {
      console.log(
        `${side === "pairs" ? "pairs index (app)" : "text scan (before)"}: p50 ${percentile(times[side], 50).toFixed(1)} ms, ` +
          `p95 ${percentile(times[side], 95).toFixed(1)} ms; source passage in the top 5 for ${top[side]} of ${QUESTIONS}`,
      );
    }
    console.log(
      `ratio scan / pairs: p50 ${(percentile(times.scan, 50) / percentile(times.pairs, 50)).toFixed(1)}×, ` +
        `p95 ${(percentile(times.scan, 95) / percentile(times.pairs, 95)).toFixed(1)}×`,
    );
  } finally {
    await bench.close();
  }
}

await main();
