/**
 * The offline extractor against the labelled outcome set (issue 26): precision and recall per
 * field type and per language. A wrong value counts twice, as a false fill and a missed one.
 * Goals: precision ≥ 0.95, recall ≥ 0.8. Run: `npx tsx bench/outcomes/run.ts`.
 */
import { extractOffline } from "../../server/outcomes/offline-extractor.js";
import { LABELLED_FIELDS, LABELLED_SET } from "./labelled-set.js";

interface Tally {
  tp: number;
  fp: number;
  fn: number;
}
const byType = new Map<string, Tally>();
const byLanguage = new Map<string, Tally>();
const misses: string[] = [];
const tally = (map: Map<string, Tally>, key: string) => {
  let t = map.get(key);
  if (!t) map.set(key, (t = { tp: 0, fp: 0, fn: 0 }));
  return t;
};

LABELLED_SET.forEach((conversation, index) => {
  const messages = conversation.turns.map((content, i) => ({
    role: i % 2 === 0 ? ("assistant" as const) : ("user" as const),
    content,
  }));
  const got = extractOffline({
    fields: LABELLED_FIELDS,
    messages,
    language: conversation.language,
    referenceDate: new Date("2026-01-15T12:00:00Z"),
  });
  for (const field of LABELLED_FIELDS) {
    const expected = conversation.expect[field.name];
    const value = got.values[field.name];
    const counts = [tally(byType, field.type), tally(byLanguage, conversation.language), tally(byType, "all")];
    const bump = (k: keyof Tally) => counts.forEach((c) => c[k]++);
    if (value === undefined) {
      if (expected !== undefined) {
        bump("fn");
        misses.push(`#${index} ${conversation.language} ${field.name}: missed ${JSON.stringify(expected)}`);
      }
    } else if (value === expected) bump("tp");
    else {
      bump("fp");
      if (expected !== undefined) bump("fn");
      misses.push(
        `#${index} ${conversation.language} ${field.name}: got ${JSON.stringify(value)}, expected ${JSON.stringify(expected ?? "nothing")}`,
      );
    }
  }
});

const ratio = (a: number, b: number) => (b === 0 ? "  n/a" : (a / b).toFixed(3));
const report = (title: string, map: Map<string, Tally>) => {
  console.log(`\n${title.padEnd(10)} precision  recall   tp  fp  fn`);
  for (const [key, t] of map) {
    console.log(
      `${key.padEnd(10)} ${ratio(t.tp, t.tp + t.fp).padStart(9)} ${ratio(t.tp, t.tp + t.fn).padStart(7)} ${String(t.tp).padStart(4)} ${String(t.fp).padStart(3)} ${String(t.fn).padStart(3)}`,
    );
  }
};
console.log(`labelled conversations: ${LABELLED_SET.length}`);
report("type", byType);
report("language", byLanguage);
if (process.argv.includes("--misses")) console.log(`\n${misses.join("\n")}`);
const all = byType.get("all")!;
const precision = all.tp / (all.tp + all.fp);
const recall = all.tp / (all.tp + all.fn);
console.log(
  `\noverall precision ${precision.toFixed(3)} (goal ≥ 0.95), recall ${recall.toFixed(3)} (goal ≥ 0.8): ${precision >= 0.95 && recall >= 0.8 ? "met" : "NOT met"}`,
);
