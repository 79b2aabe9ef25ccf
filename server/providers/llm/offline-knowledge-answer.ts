/**
 * How the offline responder answers from an agent's knowledge: "According to {title}: …" with
 * the sentences of the best passage that share the most words with the question, cited [1].
 * No model, so no paraphrase — but the first run with no key already answers from the documents.
 */
import type { LanguageCode } from "../../../contracts/voice.js";
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

export function offlineKnowledgeAnswer(question: string, passage: KnowledgePassage, language: LanguageCode): string {
  const quoted = bestSentences(question, passage.content, language);
  return `${ACCORDING_TO[language](passage.title)} ${quoted} [1]`;
}

/**
 * The passage's sentences that best answer the question, kept in their own order. A sentence
 * scores the question's words it holds (by their first five letters, so "refunded" meets
 * "refunds"); a question in the passage (an FAQ's "How long do refunds take?") only restates
 * the asker's, so it scores nothing itself and hands its score to the sentence after it, which
 * answers it; a number beside the question's words (a delay, a price, a limit) adds half a word.
 */
function bestSentences(question: string, content: string, language: LanguageCode): string {
  const sentences = splitSentences(content, language);
  const wanted = new Set(words(question).map(wordKey));
  const shared = sentences.map(
    (text) =>
      new Set(
        words(text)
          .map(wordKey)
          .filter((word) => wanted.has(word)),
      ).size,
  );
  const scored = sentences.map((text, index) => {
    const asks = /[?？]$/.test(text);
    const answers = index > 0 && /[?？]$/.test(sentences[index - 1]!) ? shared[index - 1]! : 0;
    const own = asks ? 0 : shared[index]!;
    const number = own + answers > 0 && /\p{N}/u.test(text) ? 0.5 : 0;
    return { text, index, score: own + answers + number };
  });
  const picked: typeof scored = [];
  let length = 0;
  for (const candidate of [...scored].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (picked.length > 0 && (candidate.score === 0 || length + candidate.text.length > ANSWER_MAX_CHARS)) break;
    picked.push(candidate);
    length += candidate.text.length;
  }
  const text = picked
    .sort((a, b) => a.index - b.index)
    .map((s) => s.text)
    .join(" ");
  return text.length > ANSWER_MAX_CHARS ? `${text.slice(0, ANSWER_MAX_CHARS).replace(/\s+\S*$/, "")}…` : text;
}

/** A word compared by its first five letters: English and Romance inflections differ after them. */
function wordKey(word: string): string {
  return Array.from(word).slice(0, 5).join("");
}

function splitSentences(content: string, language: LanguageCode): string[] {
  const segmenter = new Intl.Segmenter(language, { granularity: "sentence" });
  return [...segmenter.segment(content.replace(/\s+/g, " ").trim())]
    .map((s) => s.segment.trim())
    .filter((s) => s.length > 0);
}

/** Lower-cased words of three letters or more (any script); CJK text falls back to characters. */
function words(text: string): string[] {
  const found = text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu) ?? [];
  return [...found, ...cjk];
}
