/**
 * Guesses which of the nine voice languages a text is in: by script for Japanese, Korean and
 * Chinese, by common short words (and a few letters only one language uses) for the Latin
 * ones. Good enough to pick an espeak voice for a sentence or report `detectedLanguage`; it
 * answers null rather than guess when nothing stands out.
 */
import type { LanguageCode } from "../../contracts/voice.js";

const KANA = /[\u3040-\u30ff\u31f0-\u31ff]/u;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff]/u;

type LatinLanguage = Exclude<LanguageCode, "ja-JP" | "ko-KR" | "zh-CN">;

/** Frequent words that are rare in the other five languages. */
const STOP_WORDS: Record<LatinLanguage, readonly string[]> = {
  "en-US": [
    "the",
    "and",
    "is",
    "are",
    "you",
    "what",
    "with",
    "this",
    "that",
    "have",
    "for",
    "my",
    "your",
    "how",
    "hello",
    "please",
    "thanks",
    "can",
    "i",
    "it",
    "of",
    "to",
    "was",
    "would",
  ],
  "es-ES": [
    "el",
    "los",
    "las",
    "es",
    "y",
    "que",
    "qué",
    "por",
    "para",
    "con",
    "una",
    "hola",
    "gracias",
    "cómo",
    "está",
    "usted",
    "mi",
    "pero",
    "muy",
    "yo",
    "soy",
    "puedo",
    "necesito",
  ],
  "fr-FR": [
    "le",
    "les",
    "est",
    "et",
    "je",
    "vous",
    "une",
    "des",
    "pour",
    "avec",
    "bonjour",
    "merci",
    "comment",
    "pas",
    "mais",
    "très",
    "suis",
    "c'est",
    "qu'est-ce",
    "nous",
    "au",
    "du",
  ],
  "de-DE": [
    "der",
    "die",
    "das",
    "und",
    "ist",
    "ich",
    "sie",
    "nicht",
    "mit",
    "ein",
    "eine",
    "für",
    "hallo",
    "danke",
    "wie",
    "bitte",
    "können",
    "auf",
    "zu",
    "haben",
    "mein",
    "ihnen",
  ],
  "it-IT": [
    "il",
    "gli",
    "è",
    "e",
    "che",
    "per",
    "con",
    "sono",
    "ciao",
    "grazie",
    "come",
    "non",
    "una",
    "della",
    "posso",
    "mi",
    "vorrei",
    "buongiorno",
    "lei",
    "anche",
    "questo",
  ],
  "pt-PT": [
    "o",
    "os",
    "as",
    "é",
    "e",
    "que",
    "para",
    "com",
    "uma",
    "não",
    "olá",
    "obrigado",
    "obrigada",
    "como",
    "está",
    "você",
    "eu",
    "sou",
    "posso",
    "bom",
    "dia",
    "do",
    "da",
  ],
};

/** Letters that point at one language strongly enough to count as two words. */
const TELLTALE_LETTERS: readonly [RegExp, LatinLanguage][] = [
  [/[ñ¿¡]/u, "es-ES"],
  [/[ãõ]/u, "pt-PT"],
  [/ß|[äöü]/u, "de-DE"],
  [/[œ]|[êëîûù]/u, "fr-FR"],
  [/[ìò]/u, "it-IT"],
];

export function detectLanguage(text: string): LanguageCode | null {
  if (KANA.test(text)) return "ja-JP";
  if (HANGUL.test(text)) return "ko-KR";
  if (HAN.test(text)) return "zh-CN";

  const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  if (words.length === 0) return null;
  const scores = new Map<LatinLanguage, number>();
  const add = (language: LatinLanguage, points: number) => scores.set(language, (scores.get(language) ?? 0) + points);
  for (const word of words) {
    for (const [language, list] of Object.entries(STOP_WORDS) as [LatinLanguage, readonly string[]][]) {
      if (list.includes(word)) add(language, 1);
    }
  }
  for (const [pattern, language] of TELLTALE_LETTERS) if (pattern.test(text.toLowerCase())) add(language, 2);

  let best: LatinLanguage | null = null;
  let bestScore = 0;
  let tie = false;
  for (const [language, score] of scores) {
    if (score > bestScore) {
      best = language;
      bestScore = score;
      tie = false;
    } else if (score === bestScore) {
      tie = true;
    }
  }
  return best && !tie ? best : null;
}
