/**
 * Turn-taking by meaning, shared by the server (is this transcript a finished thought?) and the
 * browser (was that a backchannel?): cheap rules per language, no model call. A turn whose
 * words end mid-phrase — a conjunction, an article, a preposition, a filler, a trailing comma,
 * a number still being read — is held for more speech; "mm-hm", "okay", "ja", "はい" spoken over
 * the agent do not interrupt it. Decision 140 says why rules and not a model.
 */
import type { LanguageCode } from "./voice-languages.js";

type Lang = LanguageCode extends `${infer L}-${string}` ? L : never;

/** Words a finished sentence rarely ends with, per language (lower case). */
const OPEN_ENDINGS: Record<Lang, readonly string[]> = {
  en: [
    "and",
    "or",
    "but",
    "so",
    "because",
    "the",
    "a",
    "an",
    "to",
    "of",
    "in",
    "on",
    "at",
    "for",
    "with",
    "from",
    "by",
    "about",
    "into",
    "my",
    "your",
    "our",
    "their",
    "his",
    "her",
    "its",
    "if",
    "that",
    "which",
    "when",
    "then",
    "um",
    "uh",
    "erm",
    "er",
    "than",
    "as",
    "plus",
    "some",
    "any",
    "this",
    "these",
    "those",
    "is",
    "are",
    "was",
    "were",
    "would",
    "could",
    "should",
    "will",
    "can",
    "i",
    "we",
    "also",
    "like",
  ],
  es: [
    "y",
    "e",
    "o",
    "u",
    "pero",
    "porque",
    "que",
    "el",
    "la",
    "los",
    "las",
    "un",
    "una",
    "unos",
    "unas",
    "de",
    "del",
    "a",
    "al",
    "en",
    "con",
    "para",
    "por",
    "sobre",
    "mi",
    "mis",
    "tu",
    "su",
    "sus",
    "si",
    "cuando",
    "eh",
    "este",
    "pues",
    "como",
    "es",
    "son",
  ],
  fr: [
    "et",
    "ou",
    "mais",
    "parce",
    "que",
    "qu",
    "le",
    "la",
    "les",
    "l",
    "un",
    "une",
    "des",
    "du",
    "de",
    "d",
    "à",
    "au",
    "aux",
    "en",
    "avec",
    "pour",
    "par",
    "sur",
    "dans",
    "mon",
    "ma",
    "mes",
    "ton",
    "ta",
    "son",
    "sa",
    "ses",
    "si",
    "quand",
    "euh",
    "je",
    "j",
    "est",
    "comme",
  ],
  de: [
    "und",
    "oder",
    "aber",
    "weil",
    "dass",
    "der",
    "die",
    "das",
    "den",
    "dem",
    "des",
    "ein",
    "eine",
    "einen",
    "einem",
    "einer",
    "zu",
    "von",
    "mit",
    "für",
    "auf",
    "in",
    "im",
    "an",
    "am",
    "bei",
    "nach",
    "aus",
    "über",
    "um",
    "ähm",
    "äh",
    "mein",
    "meine",
    "meinen",
    "wenn",
    "ob",
    "denn",
    "sondern",
    "ich",
    "wir",
    "ist",
    "sind",
    "als",
    "wie",
  ],
  it: [
    "e",
    "ed",
    "o",
    "ma",
    "perché",
    "che",
    "il",
    "lo",
    "la",
    "i",
    "gli",
    "le",
    "un",
    "uno",
    "una",
    "di",
    "del",
    "della",
    "a",
    "al",
    "da",
    "in",
    "con",
    "per",
    "su",
    "mio",
    "mia",
    "se",
    "quando",
    "ehm",
    "cioè",
    "è",
    "come",
  ],
  pt: [
    "e",
    "ou",
    "mas",
    "porque",
    "que",
    "o",
    "a",
    "os",
    "as",
    "um",
    "uma",
    "de",
    "do",
    "da",
    "dos",
    "das",
    "em",
    "no",
    "na",
    "com",
    "para",
    "por",
    "meu",
    "minha",
    "se",
    "quando",
    "hum",
    "tipo",
    "é",
    "como",
  ],
  ja: [
    "けど",
    "けれど",
    "けれども",
    "から",
    "ので",
    "のに",
    "て",
    "で",
    "が",
    "を",
    "に",
    "は",
    "へ",
    "と",
    "や",
    "し",
    "たら",
    "れば",
    "えーと",
    "えっと",
    "あの",
    "その",
  ],
  ko: [
    "그리고",
    "그런데",
    "근데",
    "그래서",
    "하고",
    "고",
    "서",
    "면",
    "는데",
    "은데",
    "지만",
    "을",
    "를",
    "의",
    "에",
    "에서",
    "와",
    "과",
    "랑",
    "음",
    "어",
  ],
  zh: [
    "和",
    "跟",
    "或者",
    "还是",
    "但是",
    "因为",
    "所以",
    "然后",
    "在",
    "把",
    "给",
    "对",
    "如果",
    "就是",
    "那个",
    "这个",
    "嗯",
    "呃",
    "而且",
  ],
};

/** Short acknowledgements spoken while the other person talks, per language (lower case). */
const BACKCHANNELS: Record<Lang, readonly string[]> = {
  en: [
    "mm",
    "mmm",
    "hm",
    "hmm",
    "mhm",
    "mm-hm",
    "mm-hmm",
    "uh-huh",
    "ok",
    "okay",
    "yes",
    "yeah",
    "yep",
    "right",
    "sure",
    "i see",
    "got it",
    "alright",
    "all right",
    "oh",
    "ah",
    "cool",
    "great",
    "nice",
    "exactly",
    "true",
  ],
  es: ["sí", "si", "vale", "claro", "ajá", "aja", "bien", "ya", "exacto", "de acuerdo", "entiendo", "vale vale", "mhm"],
  fr: ["oui", "ouais", "d'accord", "bien", "voilà", "exactement", "je vois", "ah oui", "d'ac", "ah", "mhm"],
  de: ["ja", "jaja", "genau", "stimmt", "richtig", "gut", "klar", "achso", "ach so", "aha", "mhm", "hm"],
  it: ["sì", "si", "va bene", "certo", "esatto", "già", "capito", "perfetto", "ah", "mhm"],
  pt: ["sim", "certo", "claro", "é", "pois", "tá", "exato", "entendi", "uhum", "ah", "mhm"],
  ja: ["はい", "うん", "ええ", "そうですね", "なるほど", "そうか", "そっか", "へえ", "ほう", "そう", "確かに"],
  ko: ["네", "예", "응", "음", "아", "그래", "그렇군요", "맞아", "맞아요", "아하", "그렇죠"],
  zh: ["嗯", "对", "好", "好的", "是", "是的", "哦", "噢", "明白", "行", "没错", "对的"],
};

/** Said in every language on the calls we hear (English loans and bare sounds). */
const EVERYWHERE = ["ok", "okay", "mhm", "mm", "hm", "hmm", "mm-hm", "uh-huh"];

const CLOSED_SCRIPT = new Set<Lang>(["ja", "ko", "zh"]);
const langOf = (language: LanguageCode) => language.slice(0, 2) as Lang;

/** Sentence punctuation that ends a thought (a question always hands the turn over). */
const FINAL = /[.!?。！？]$/u;
const QUESTION = /[?？!！]$/u;
/** Punctuation that says more is coming: a comma, a dash, an ellipsis, a colon. */
const OPEN_PUNCTUATION = /(?:[,，、:：;；\-–—]|\.\.\.|…)$/u;
/**
 * A number read out in groups ("4 5", "45 12"), the way order numbers, codes and phone numbers
 * are said — with pauses between the groups. A transcriber closes the fragment with a full stop
 * ("My order number is 4 5."), so that stop says nothing here (decision 150). One number said
 * whole ("12345.", "I need 2.") still ends the turn.
 */
const DIGITS_BEING_READ = /\d+[ \u3000]+\d+[.。]?$/u;

/**
 * True when the transcript so far reads as an unfinished thought, so the end of the turn should
 * wait for more speech. Conservative on purpose: when unsure, the thought is finished (a wrong
 * "unfinished" only delays the answer; it never loses words).
 */
export function endsMidThought(text: string, language: LanguageCode): boolean {
  const trimmed = text.trim();
  if (!trimmed) return false;
  if (QUESTION.test(trimmed)) return false;
  if (OPEN_PUNCTUATION.test(trimmed)) return true;
  if (DIGITS_BEING_READ.test(trimmed)) return true;
  const lang = langOf(language);
  const bare = trimmed.replace(/[.。]+$/u, "").trim();
  if (CLOSED_SCRIPT.has(lang)) return OPEN_ENDINGS[lang].some((ending) => bare.endsWith(ending));
  const words = bare.toLowerCase().split(/[\s'’]+/u);
  const last = words[words.length - 1] ?? "";
  if (OPEN_ENDINGS[lang].includes(last)) return true;
  // A number being read out, with no full stop after it: "my order number is 4 5".
  return !FINAL.test(trimmed) && /\d$/u.test(trimmed);
}

/**
 * True when the words are only an acknowledgement in the call's language ("mm-hm", "okay",
 * "ja ja", "はい"), possibly repeated: speech over the agent that should not interrupt it.
 */
export function isBackchannel(text: string, language: LanguageCode): boolean {
  const lang = langOf(language);
  const phrase = text
    .toLowerCase()
    .replace(/[.,!?¡¿。，、！？…"“”]/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
  if (!phrase) return true;
  const known = new Set([...BACKCHANNELS[lang], ...EVERYWHERE]);
  if (known.has(phrase)) return true;
  if (CLOSED_SCRIPT.has(lang)) {
    // Unspaced scripts: the whole phrase is one acknowledgement said once or twice ("うんうん", "嗯嗯", "네네").
    const compact = phrase.replace(/ /gu, "");
    return [...known].some((word) => compact === word.repeat(2) || compact === word.repeat(3));
  }
  const words = phrase.split(" ");
  return words.length <= 3 && words.every((word) => known.has(word));
}
