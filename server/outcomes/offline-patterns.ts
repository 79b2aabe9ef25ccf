/**
 * The offline extractor's readers: emails, phone numbers, dates, amounts, names said after
 * "my name is…" and yes/no answers, in the nine languages where the wording differs. Each
 * reader takes one message's text and answers normalised values (ISO dates, digits-only
 * phones, numbers), so the extractor only decides which message and which field.
 *
 * Precision first (the goal is ≥ 0.95): a reader that is unsure answers nothing, and
 * the field is reported as unfilled rather than guessed.
 */

/** Lower case without accents, so "démo" and "demo", "sí" and "si" compare equal. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;

export function readEmails(text: string): string[] {
  return [...text.matchAll(EMAIL)].map((m) => m[0].replace(/\.$/, "").toLowerCase());
}

// A run of digits with the separators people type or say between groups; 9 to 15 digits (E.164
// caps at 15; fewer than 9 is an order number, a year or an amount far more often than a phone).
const PHONE = /(?<![\p{L}\p{N}@.,])(\+\s?)?\(?\d{1,4}\)?(?:[\s.-]?\(?\d{1,4}\)?){2,7}(?![\p{N}@]|[.,]\d)/gu;

export function readPhones(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(PHONE)) {
    const raw = m[0].trim();
    const digits = raw.replace(/\D/g, "");
    if (digits.length < 9 || digits.length > 15) continue;
    if (looksLikeDate(raw)) continue;
    found.push((raw.startsWith("+") ? "+" : "") + digits);
  }
  return found;
}

function looksLikeDate(raw: string): boolean {
  return /^\d{1,4}[./-]\d{1,2}[./-]\d{2,4}$/.test(raw);
}

/** Month names (folded) in the nine languages' Latin-script forms, 1-based. */
const MONTHS: Record<string, number> = {};
const MONTH_NAMES: string[][] = [
  ["january", "jan", "enero", "janvier", "januar", "jänner", "gennaio", "janeiro"],
  ["february", "feb", "febrero", "fevrier", "februar", "febbraio", "fevereiro"],
  ["march", "mar", "marzo", "mars", "marz", "marco"],
  ["april", "apr", "abril", "avril", "aprile"],
  ["may", "mayo", "mai", "maggio", "maio"],
  ["june", "jun", "junio", "juin", "juni", "giugno", "junho"],
  ["july", "jul", "julio", "juillet", "juli", "luglio", "julho"],
  ["august", "aug", "agosto", "aout"],
  ["september", "sep", "sept", "septiembre", "septembre", "settembre", "setembro"],
  ["october", "oct", "octubre", "octobre", "oktober", "ottobre", "outubro"],
  ["november", "nov", "noviembre", "novembre", "novembro"],
  ["december", "dec", "diciembre", "decembre", "dezember", "dicembre", "dezembro"],
];
MONTH_NAMES.forEach((names, i) => names.forEach((n) => (MONTHS[fold(n)] = i + 1)));
const MONTH_WORD = "([a-z]{3,10})";

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1) return null;
  return d.toISOString().slice(0, 10);
}

/**
 * Dates with a year, or without one (then the reference date's year). Numeric day/month order:
 * a part above 12 settles it; otherwise English reads month first and the other languages day first.
 */
export function readDates(text: string, p: { language: string; referenceYear: number }): string[] {
  const t = fold(text);
  const found: string[] = [];
  const add = (v: string | null) => v && !found.includes(v) && found.push(v);
  for (const m of t.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) add(iso(+m[1]!, +m[2]!, +m[3]!));
  for (const m of t.matchAll(/(?<![\d.,])(\d{1,2})[./](\d{1,2})[./](\d{4})(?![\d])/g)) {
    const a = +m[1]!;
    const b = +m[2]!;
    const monthFirst = a > 12 ? false : b > 12 ? true : p.language.startsWith("en");
    add(monthFirst ? iso(+m[3]!, a, b) : iso(+m[3]!, b, a));
  }
  const year = "(?:,?\\s*(?:de\\s+)?(\\d{4}))?";
  // "12 de marzo de 2026", "12 mars 2026", "12. März 2026", "12th of May"
  const dayFirst = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|er|\\.|º)?\\s+(?:de\\s+|of\\s+)?${MONTH_WORD}${year}`, "g");
  for (const m of t.matchAll(dayFirst)) {
    const month = MONTHS[m[2]!];
    if (month) add(iso(m[3] ? +m[3] : p.referenceYear, month, +m[1]!));
  }
  // "March 12, 2026", "May 5th 2026"
  const monthFirst = new RegExp(`\\b${MONTH_WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b${year}`, "g");
  for (const m of t.matchAll(monthFirst)) {
    const month = MONTHS[m[1]!];
    if (month) add(iso(m[3] ? +m[3] : p.referenceYear, month, +m[2]!));
  }
  return found;
}

const CURRENCY_BEFORE = "(?:[$€£¥₩]|usd|eur|gbp)";
const CURRENCY_AFTER =
  "(?:[$€£¥₩円元원]|usd|eur|gbp|euros?|dollars?|dolares|dollari|pounds?|libras?|livres?|yen|yuan|won|francs?)";
const AMOUNT = "(\\d{1,3}(?:[ .,\\u00a0\\u202f]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?)\\s?(k)?";

/** Money amounts: a number next to a currency sign or word ("$5,000", "4.000 €", "2.5k euros"). */
export function readAmounts(text: string): number[] {
  const t = fold(text);
  const found: number[] = [];
  const patterns = [
    new RegExp(`${CURRENCY_BEFORE}\\s?${AMOUNT}`, "g"),
    new RegExp(`(?<![\\d.,])${AMOUNT}\\s?${CURRENCY_AFTER}(?![a-z])`, "g"),
  ];
  for (const pattern of patterns) {
    for (const m of t.matchAll(pattern)) {
      const n = parseAmount(m[1]!, m[2] === "k");
      if (n !== null && !found.includes(n)) found.push(n);
    }
  }
  return found;
}

function parseAmount(raw: string, thousands: boolean): number | null {
  let s = raw.replace(/[\s\u00a0\u202f]/g, "");
  // A separator followed by exactly three digits groups thousands; one or two digits are decimals.
  s = s.replace(/[.,](?=\d{3}(?:\D|$))/g, "");
  s = s.replace(",", ".");
  const n = Number(s);
  if (!Number.isFinite(n)) return null;
  return thousands ? Math.round(n * 1000) : n;
}

/** Words that introduce the speaker's own name, per language (folded). */
const NAME_INTRODUCERS = [
  "my name is",
  "my name's",
  "i'm",
  "i am",
  "this is",
  "me llamo",
  "mi nombre es",
  "soy",
  "je m'appelle",
  "je m’appelle",
  "mon nom est",
  "je suis",
  "c'est",
  "mein name ist",
  "ich heisse",
  "ich heiße",
  "ich bin",
  "hier ist",
  "mi chiamo",
  "il mio nome e",
  "sono",
  "chamo-me",
  "o meu nome e",
  "meu nome e",
  "sou",
];
const NAME_WORD = "\\p{Lu}[\\p{L}'’]*(?:-\\p{Lu}?[\\p{L}'’]+)*";
const NAME = new RegExp(`^\\s*(${NAME_WORD}(?:\\s+${NAME_WORD}){0,3})`, "u");

/** A name said after "my name is…" and its kin: capitalised words right after the phrase. */
export function readNames(text: string): string[] {
  const folded = fold(text);
  const found: string[] = [];
  for (const intro of NAME_INTRODUCERS) {
    const key = fold(intro);
    let at = folded.indexOf(key);
    while (at >= 0) {
      const before = at === 0 ? " " : folded[at - 1]!;
      if (/[\s,.;:!¡¿?"(]/.test(before)) {
        // Folding keeps length for Latin letters, so the offset reads the original text.
        const match = NAME.exec(text.slice(at + key.length));
        if (match) found.push(match[1]!);
      }
      at = folded.indexOf(key, at + 1);
    }
  }
  return found;
}

const UNSURE = [
  "maybe",
  "perhaps",
  "not sure",
  "don't know",
  "quizas",
  "tal vez",
  "no lo se",
  "no se",
  "peut-etre",
  "je ne sais pas",
  "vielleicht",
  "weiss nicht",
  "weiß nicht",
  "forse",
  "non so",
  "talvez",
  "nao sei",
  "たぶん",
  "多分",
  "아마",
  "也许",
  "可能",
];
const YES = [
  "yes",
  "yeah",
  "yep",
  "sure",
  "definitely",
  "of course",
  "absolutely",
  "ok",
  "okay",
  "si",
  "claro",
  "vale",
  "por supuesto",
  "oui",
  "volontiers",
  "bien sur",
  "d'accord",
  "ja",
  "gerne",
  "gern",
  "klar",
  "natürlich",
  "certo",
  "sim",
  "はい",
  "ええ",
  "네",
  "예",
  "是",
  "好",
  "对",
];
const NO = ["no", "nope", "not", "non", "nein", "nicht", "pas", "nao", "niet", "いいえ", "아니", "不", "没"];

/**
 * A yes or no answer: the first yes-word or no-word decides ("Sure, why not" is yes, "No thanks"
 * is no); an unsure answer ("maybe later") is neither.
 */
export function readYesNo(text: string): boolean | null {
  const t = fold(text);
  if (UNSURE.some((w) => t.includes(fold(w)))) return null;
  let first: { at: number; yes: boolean } | null = null;
  for (const [words, yes] of [
    [YES, true],
    [NO, false],
  ] as const) {
    for (const w of words) {
      const word = fold(w);
      const cjk = /[^\u0020-\u024f]/.test(word);
      const re = cjk ? new RegExp(escape(word)) : new RegExp(`(?<![\\p{L}'])${escape(word)}(?![\\p{L}'])`, "u");
      const m = re.exec(t);
      if (m && (first === null || m.index < first.at)) first = { at: m.index, yes };
    }
  }
  return first?.yes ?? null;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
