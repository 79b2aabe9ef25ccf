/**
 * How people read numbers and symbols aloud, per language, applied to the text a speech
 * engine is given (never to the transcript, which keeps "#12345" and "3/14" as written).
 * espeak-ng reads symbols by name: "#12345" as "hash one two three…", "3/14" as "three slash
 * fourteen", "%" in English inside Japanese, Korean and Chinese, and the Japanese reader
 * (kuromoji) gives a counter after a digit its word reading: 3月 → ツキ, 14日 → ニチ, 30分 → フン.
 *
 * Decision 105: "a/b" between digits is a fraction when b is 2–10 and a < b ("3/4"), else a
 * date when it can be one in the language's order (month/day in en-US, ja, ko, zh; day/month
 * in the European languages), else left alone ("a over b" would be a guess).
 */
import type { LanguageCode } from "../../contracts/voice-languages.js";

type Lang = LanguageCode;

const NUMBER_WORD: Record<Lang, (n: string) => string> = {
  "en-US": (n) => `number ${n}`,
  "es-ES": (n) => `número ${n}`,
  "fr-FR": (n) => `numéro ${n}`,
  "de-DE": (n) => `Nummer ${n}`,
  "it-IT": (n) => `numero ${n}`,
  "pt-PT": (n) => `número ${n}`,
  "ja-JP": (n) => `${japaneseNumber(Number(n), n)}ばん`,
  "ko-KR": (n) => `${n}번`,
  "zh-CN": (n) => `${n}号`,
};

const MONTHS: Partial<Record<Lang, string[]>> = {
  "en-US": "January February March April May June July August September October November December".split(" "),
  "es-ES": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split(" "),
  "fr-FR": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split(" "),
  "de-DE": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split(" "),
  "it-IT": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre".split(" "),
  "pt-PT": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split(" "),
};

function englishOrdinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? "th" : (["th", "st", "nd", "rd"][day % 10] ?? "th");
  return `${day}${suffix}`;
}

/** A month and day as said in the language; the caller has checked both are in range. */
function spokenDate(language: Lang, month: number, day: number): string {
  const name = MONTHS[language]?.[month - 1] ?? "";
  switch (language) {
    case "en-US":
      return `${name} ${englishOrdinal(day)}`;
    case "de-DE":
      return `${day}. ${name}`;
    case "es-ES":
    case "pt-PT":
      return `${day} de ${name}`;
    case "fr-FR":
      return `${day === 1 ? "1er" : day} ${name}`;
    case "it-IT":
      return `${day} ${name}`;
    case "ja-JP":
      return `${JA_MONTHS[month - 1]}${JA_DAYS[day - 1]}`;
    case "ko-KR":
      return `${month}월 ${day}일`;
    case "zh-CN":
      return `${month}月${day}日`;
  }
}

const EN_DENOMINATORS: Record<number, [string, string]> = {
  2: ["half", "halves"],
  3: ["third", "thirds"],
  4: ["quarter", "quarters"],
};

function spokenFraction(language: Lang, a: number, b: number): string | null {
  switch (language) {
    case "en-US": {
      const named = EN_DENOMINATORS[b];
      if (named) return `${a === 1 ? "one" : a} ${a === 1 ? named[0] : named[1]}`;
      return `${a === 1 ? "one" : a} ${b === 5 ? "fifth" : `${b}th`}${a === 1 ? "" : "s"}`;
    }
    case "ja-JP":
      return `${japaneseNumber(b, String(b))}ぶんの${japaneseNumber(a, String(a))}`;
    case "ko-KR":
      return `${b}분의 ${a}`;
    case "zh-CN":
      return `${b}分之${a}`;
    default:
      return null;
  }
}

const MONTH_FIRST = new Set<Lang>(["en-US", "ja-JP", "ko-KR", "zh-CN"]);

function readSlash(language: Lang, match: string, left: string, right: string): string {
  const a = Number(left);
  const b = Number(right);
  if (b >= 2 && b <= 10 && a >= 1 && a < b) return spokenFraction(language, a, b) ?? match;
  const [month, day] = MONTH_FIRST.has(language) ? [a, b] : [b, a];
  if (month >= 1 && month <= 12 && day >= 1 && day <= 31) return spokenDate(language, month, day);
  return match;
}

// ---- Japanese: numbers and counters in kana ------------------------------------------------

const JA_DIGITS = ["", "いち", "に", "さん", "よん", "ご", "ろく", "なな", "はち", "きゅう"];

/** 0 < n < 10^8 in kana (さんびゃく, はっせん …); anything else is left as the digits given. */
export function japaneseNumber(n: number, asWritten: string): string {
  if (!Number.isInteger(n) || n <= 0 || n >= 1e8) return asWritten;
  if (n >= 10000) {
    const man = Math.floor(n / 10000);
    const rest = n % 10000;
    return `${japaneseNumber(man, String(man))}まん${rest ? japaneseNumber(rest, String(rest)) : ""}`;
  }
  const thousands = Math.floor(n / 1000);
  const hundreds = Math.floor(n / 100) % 10;
  const tens = Math.floor(n / 10) % 10;
  const ones = n % 10;
  const sen = [
    "",
    "せん",
    "にせん",
    "さんぜん",
    "よんせん",
    "ごせん",
    "ろくせん",
    "ななせん",
    "はっせん",
    "きゅうせん",
  ];
  const hyaku = [
    "",
    "ひゃく",
    "にひゃく",
    "さんびゃく",
    "よんひゃく",
    "ごひゃく",
    "ろっぴゃく",
    "ななひゃく",
    "はっぴゃく",
    "きゅうひゃく",
  ];
  const juu = tens === 0 ? "" : `${tens === 1 ? "" : JA_DIGITS[tens]}じゅう`;
  return `${sen[thousands]}${hyaku[hundreds]}${juu}${JA_DIGITS[ones]}`;
}

const JA_MONTHS = [
  "いちがつ",
  "にがつ",
  "さんがつ",
  "しがつ",
  "ごがつ",
  "ろくがつ",
  "しちがつ",
  "はちがつ",
  "くがつ",
  "じゅうがつ",
  "じゅういちがつ",
  "じゅうにがつ",
];

/** Days of the month: the first ten, 14, 20 and 24 have their own words. */
const JA_DAYS = Array.from({ length: 31 }, (_, i) => {
  const day = i + 1;
  const own: Record<number, string> = {
    1: "ついたち",
    2: "ふつか",
    3: "みっか",
    4: "よっか",
    5: "いつか",
    6: "むいか",
    7: "なのか",
    8: "ようか",
    9: "ここのか",
    10: "とおか",
    14: "じゅうよっか",
    17: "じゅうしちにち",
    19: "じゅうくにち",
    20: "はつか",
    24: "にじゅうよっか",
    27: "にじゅうしちにち",
    29: "にじゅうくにち",
  };
  return own[day] ?? `${japaneseNumber(day, String(day))}にち`;
});

/** 分 after a number: ぷん after 1, 3, 4, 6, 8 and 10s (with the sound change), ふん otherwise. */
function japaneseMinutes(n: number): string {
  const ones = n % 10;
  const head = n - ones;
  const prefix = head > 0 ? japaneseNumber(head, String(head)) : "";
  if (ones === 0) return `${prefix.replace(/じゅう$/, "じゅっ")}ぷん`;
  const last: Record<number, string> = {
    1: "いっぷん",
    2: "にふん",
    3: "さんぷん",
    4: "よんぷん",
    5: "ごふん",
    6: "ろっぷん",
    7: "ななふん",
    8: "はっぷん",
    9: "きゅうふん",
  };
  return `${prefix}${last[ones]}`;
}

function japaneseHours(n: number): string {
  const own: Record<number, string> = {
    4: "よじ",
    7: "しちじ",
    9: "くじ",
    14: "じゅうよじ",
    17: "じゅうしちじ",
    19: "じゅうくじ",
  };
  return own[n] ?? `${japaneseNumber(n, String(n))}じ`;
}

/** Digits followed by a counter the reader gets wrong, spelled in kana. */
function japaneseCounters(text: string): string {
  return text
    .replace(/(\d{1,2})月(\d{1,2})日/g, (m, mo: string, d: string) =>
      Number(mo) >= 1 && Number(mo) <= 12 && Number(d) >= 1 && Number(d) <= 31
        ? `${JA_MONTHS[Number(mo) - 1]}${JA_DAYS[Number(d) - 1]}`
        : m,
    )
    .replace(/(\d{1,2})月/g, (m, mo: string) => (Number(mo) >= 1 && Number(mo) <= 12 ? JA_MONTHS[Number(mo) - 1] : m))
    .replace(/(\d{1,2})日/g, (m, d: string) => (Number(d) >= 1 && Number(d) <= 31 ? JA_DAYS[Number(d) - 1] : m))
    .replace(/(\d{1,2})時/g, (m, h: string) => (Number(h) <= 24 ? japaneseHours(Number(h)) : m))
    .replace(/(\d{1,4})分(?!の)/g, (_m, n: string) => (Number(n) === 0 ? "れいふん" : japaneseMinutes(Number(n))));
}

// ---- Percent ----------------------------------------------------------------------------------

function readPercent(language: Lang, text: string): string {
  const number = /(\d+(?:[.,]\d+)?)\s?[%％]/g;
  switch (language) {
    case "ja-JP":
      return text.replace(number, "$1パーセント");
    case "ko-KR":
      return text.replace(number, "$1퍼센트");
    case "zh-CN":
      // 50% is 百分之五十: the word comes first.
      return text.replace(number, "百分之$1");
    default:
      return text;
  }
}

/** The text as a speech engine should get it in `language`: see the module comment. */
export function readAloud(text: string, language: LanguageCode): string {
  let spoken = text.replace(/(?<![\w&])[#＃](\d+)\b/g, (_m, n: string) => NUMBER_WORD[language](n));
  spoken = spoken.replace(/(?<![\d/.])(\d{1,2})\/(\d{1,2})(?![\d/])/g, (m, a: string, b: string) =>
    readSlash(language, m, a, b),
  );
  spoken = readPercent(language, spoken);
  if (language === "ja-JP") spoken = japaneseCounters(spoken);
  return spoken;
}
