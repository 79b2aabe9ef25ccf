/**
 * The labelled prompt-injection corpora and how a detector is scored on them, shared by the
 * test and the training script. `injection-corpus.json` is the corpus the rules were written
 * from (and the classifier is trained on); `injection-corpus-frozen.json` is held out: written
 * before any rule or model saw it, and never edited to fit the detector.
 */
import { readFileSync } from "node:fs";

export interface CorpusEntry {
  text: string;
  attack: boolean;
  language: string;
  note?: string;
}

export const CORPUS_LANGUAGES = ["en", "es", "fr", "de", "it", "pt", "ja", "ko", "zh"] as const;

function isCorpusEntry(value: unknown): value is CorpusEntry {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.text === "string" && typeof entry.attack === "boolean" && typeof entry.language === "string";
}

/** Reads one of the JSON corpora that sit beside this file. */
export function loadCorpus(fileName: string): CorpusEntry[] {
  const parsed: unknown = JSON.parse(readFileSync(new URL(`./${fileName}`, import.meta.url), "utf8"));
  if (!Array.isArray(parsed) || !parsed.every(isCorpusEntry)) throw new Error(`${fileName} is malformed`);
  return parsed;
}

export interface Score {
  attacks: number;
  benign: number;
  truePositives: number;
  falsePositives: number;
  precision: number;
  recall: number;
}

export function score(entries: readonly CorpusEntry[], isAttack: (text: string) => boolean): Score {
  let truePositives = 0;
  let falsePositives = 0;
  for (const entry of entries) {
    const flagged = isAttack(entry.text);
    if (flagged && entry.attack) truePositives++;
    if (flagged && !entry.attack) falsePositives++;
  }
  const attacks = entries.filter((e) => e.attack).length;
  const flagged = truePositives + falsePositives;
  return {
    attacks,
    benign: entries.length - attacks,
    truePositives,
    falsePositives,
    precision: flagged === 0 ? 1 : truePositives / flagged,
    recall: attacks === 0 ? 1 : truePositives / attacks,
  };
}

/** One row per language and one for the whole corpus, ready for console.table. */
export function scoreTable(entries: readonly CorpusEntry[], isAttack: (text: string) => boolean) {
  const rows = [
    ...CORPUS_LANGUAGES.map((language) => ({
      language,
      s: score(
        entries.filter((e) => e.language === language),
        isAttack,
      ),
    })),
    { language: "all", s: score(entries, isAttack) },
  ];
  return rows.map(({ language, s }) => ({
    language,
    attacks: s.attacks,
    benign: s.benign,
    caught: s.truePositives,
    falseAlarms: s.falsePositives,
    precision: s.precision.toFixed(3),
    recall: s.recall.toFixed(3),
  }));
}
