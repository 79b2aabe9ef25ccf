/**
 * How the offline responder answers from an agent's knowledge: "According to {title}: …" with
 * the sentences of the best passage that hold the answer to the question, cited [1].
 * No model, so no paraphrase — but the first run with no key already answers from the documents.
 */
import type { LanguageCode } from "../../../contracts/voice.js";
import { FUNCTION_WORDS } from "./function-words.js";
import type { KnowledgePassage } from "./llm-provider.js";

const ACCORDING_TO: Record<LanguageCode, (title: string) => string> = {
  "en-US": (title) => `According to ${title}:`,
  "es-ES": (title) => `Según ${title}:`,
  "fr-FR": (title) => `D'après ${title} :`,
  "de-DE": (title) => `Laut ${title}:`,
  "it-IT": (title) => `Secondo ${title}:`,
  "pt-PT": (title) => `De acordo com ${title}:`,
  "ja-JP": (title) => `${title}によると：`,
  "ko-KR": (title) => `${title}에 따르면:`,
  "zh-CN": (title) => `根据${title}：`,
};

/** Enough to answer, short enough to read in a chat bubble. */
const ANSWER_MAX_CHARS = 420;
/** Letters a word is compared by: English and Romance inflections differ after them. */
const STEM_LETTERS = 5;
/** A shorter word ("pay", "mop") is its own stem, so it meets the longer words it begins ("payments"). */
const MIN_PREFIX_LETTERS = 3;
/** A heading or a list item's label is a few words with no full stop: it names what follows. */
const HEADING_MAX_WORDS = 8;
/** "E5: …", "Solid orange: …", "Standard shipping: …" — the label a definition starts with. */
const LABEL_MAX_WORDS = 4;
/** Languages written without spaces between words or sentences. */
const UNSPACED_LANGUAGES: ReadonlySet<LanguageCode> = new Set(["ja-JP", "zh-CN"]);
const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const SPACELESS_RUNS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu;

export function offlineKnowledgeAnswer(question: string, passage: KnowledgePassage, language: LanguageCode): string {
  const quoted = bestSentences(question, passage.content, language);
  const space = UNSPACED_LANGUAGES.has(language) ? "" : " ";
  return `${ACCORDING_TO[language](passage.title)}${space}${quoted}${space}[1]`;
}

interface Sentence {
  text: string;
  index: number;
  /** Restates a question or names a topic (an FAQ's question, a heading): it answers nothing itself. */
  introduces: boolean;
  /** The question's terms it holds. */
  terms: Set<string>;
  score: number;
}

/**
 * The passage's sentences that best answer the question, kept in their own order.
 *
 * Each of the question's terms weighs by how few of the passage's sentences hold it, so "E5"
 * (one line of an error table) outweighs "error" (the table's heading, its footnote and the
 * light that shows an error); the sentences that merely repeat the question's common words
 * then lose to the one that holds its distinctive term. A heading or an FAQ's question only
 * restates the asker's words: it scores nothing itself and lends its terms to the sentence
 * after it, which answers it. A sentence that *defines* an asked term ("E5: Battery
 * temperature out of range", "Solid orange: low battery") counts that term twice, and a number
 * (a delay, a price, a limit) in a sentence that holds the question's terms adds half its best
 * term: the question is usually asking for that value.
 */
function bestSentences(question: string, content: string, language: LanguageCode): string {
  const wanted = [
    ...new Set(
      words(question)
        .filter((word) => !isFunctionWord(word))
        .map(wordKey),
    ),
  ];
  const sentences: Sentence[] = splitSentences(content, language).map((text, index) => {
    const keys = words(text).map(wordKey);
    const terms = new Set(wanted.filter((term) => keys.some((key) => sameStem(term, key))));
    return { text, index, introduces: introduces(text), terms, score: 0 };
  });
  const weight = termWeights(wanted, sentences);
  for (const [index, sentence] of sentences.entries()) {
    if (sentence.introduces) continue;
    const before = sentences[index - 1];
    const lent = before?.introduces ? before.terms : new Set<string>();
    const held = new Set([...sentence.terms, ...lent]);
    if (held.size === 0) continue;
    const weights = [...held].map((term) => weight.get(term) ?? 0);
    const defined = [...definedTerms(sentence.text, wanted)].filter((term) => held.has(term));
    sentence.score =
      sum(weights) +
      sum(defined.map((term) => weight.get(term) ?? 0)) +
      (/\p{N}/u.test(sentence.text) ? Math.max(...weights) / 2 : 0);
  }

  // Then the best sentences until the bubble is full, as before; with no term of the question
  // anywhere, the passage's opening.
  const picked: Sentence[] = [];
  let length = 0;
  for (const candidate of [...sentences].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (picked.length > 0 && (candidate.score === 0 || length + candidate.text.length > ANSWER_MAX_CHARS)) break;
    picked.push(candidate);
    length += candidate.text.length;
  }
  const text = picked
    .sort((a, b) => a.index - b.index)
    .map((s) => s.text)
    .join(UNSPACED_LANGUAGES.has(language) ? "" : " ");
  return text.length > ANSWER_MAX_CHARS ? `${text.slice(0, ANSWER_MAX_CHARS).replace(/\s+\S*$/, "")}…` : text;
}

/** Inverse sentence frequency within the passage: a term in one sentence of 30 weighs ~3.4, in 10 ~1.4. */
function termWeights(wanted: string[], sentences: Sentence[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const term of wanted) {
    const holding = sentences.filter((sentence) => sentence.terms.has(term)).length;
    if (holding > 0) weights.set(term, Math.log(1 + sentences.length / holding));
  }
  return weights;
}

/** The asked terms in a sentence's opening label ("E5:", "Solid orange:"), which the rest defines. */
function definedTerms(text: string, wanted: string[]): Set<string> {
  const label = /^([^:：—]+)\s*[:：—]\s*\S/u.exec(text)?.[1];
  if (label === undefined || label.trim().split(/\s+/).length > LABEL_MAX_WORDS) return new Set();
  const keys = words(label).map(wordKey);
  return new Set(wanted.filter((term) => keys.some((key) => sameStem(term, key))));
}

function introduces(text: string): boolean {
  if (/[?？]$/.test(text)) return true;
  // A short line with a label and its value ("Filters, pack of 3: $18") or a list marker
  // ("- Free returns within 30 days") is an item, not a heading.
  if (/[.!。！:：;)"”»]$/u.test(text) || /[:：]/u.test(text) || /^(?:[-*•·]|\d+[.)])\s/u.test(text)) return false;
  return words(text).length <= HEADING_MAX_WORDS;
}

function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(word) || FUNCTION_WORDS.has(fold(word));
}

function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= MIN_PREFIX_LETTERS && short.length < STEM_LETTERS && long.startsWith(short);
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** A word compared by its first letters, without accents: "según" meets "segun", "refunded" "refunds". */
function wordKey(word: string): string {
  return Array.from(fold(word)).slice(0, STEM_LETTERS).join("");
}

function fold(word: string): string {
  return word.normalize("NFKD").replace(/\p{Mn}/gu, "");
}

/**
 * Sentences, with the passage's line breaks read as the text's own structure: a line that ends
 * a sentence, precedes a blank line, or is a short heading or list item (the next line starting
 * with no lower-case letter) ends a unit; any other break is a line wrapped mid-sentence (PDF
 * text) and is joined. Each unit is then cut into sentences by the language's own rules.
 */
function splitSentences(content: string, language: LanguageCode): string[] {
  const lines = content.split(/\r?\n/).map((line) => line.replace(/\s+/g, " ").trim());
  const longest = Math.max(...lines.map((line) => line.length));
  const units: string[] = [];
  let current = "";
  for (const [index, line] of lines.entries()) {
    if (line.length === 0) {
      if (current) units.push(current);
      current = "";
      continue;
    }
    current = joinLines(current, line);
    const next = lines[index + 1] ?? "";
    const ends =
      /[.!?。！？:：]$/u.test(line) || next.length === 0 || (!/^\p{Ll}/u.test(next) && line.length < 0.7 * longest);
    if (ends) {
      units.push(current);
      current = "";
    }
  }
  if (current) units.push(current);
  const segmenter = new Intl.Segmenter(language, { granularity: "sentence" });
  return units.flatMap((unit) => [...segmenter.segment(unit)].map((s) => s.segment.trim()).filter((s) => s.length > 0));
}

function joinLines(before: string, line: string): string {
  if (!before) return line;
  return SPACELESS.test(before.slice(-1)) && SPACELESS.test(line[0] ?? "") ? before + line : `${before} ${line}`;
}

/**
 * Lower-cased words of three letters or more (any script), and any shorter one with a digit —
 * model names and codes ("E5", "R7") and figures ("0%") are what questions ask about; CJK text
 * falls back to characters (kanji, katakana, hangul).
 */
function words(text: string): string[] {
  // Unspaced scripts are cut out first, so "E5" in "E5はどういう意味" is a word of its own.
  const spaced = text.toLowerCase().replace(SPACELESS_RUNS, " ");
  const found = (spaced.match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (word) => Array.from(word).length >= 3 || /\p{N}/u.test(word),
  );
  // Hiragana are left out: in Japanese they mostly write particles and endings, not the subject.
  const cjk = text.match(/[\p{Script=Han}\p{Script=Katakana}\p{Script=Hangul}]/gu) ?? [];
  return [...found, ...cjk];
}
