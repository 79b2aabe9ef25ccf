// Prompt-injection detector behind the chat "security lock". A hit locks the conversation for
// 30 minutes, so every rule here is written for precision first: a rule must need the *shape*
// of an attack (verb + the assistant's hidden instructions, a persona without rules, a forged
// turn), never just a scary word. Benign role-play ("pretend to be a customer") is allowed on
// purpose: sales-training users ask for it; only role changes that shed rules are flagged.
// Pure and synchronous; every regex is compiled once at module load.

export interface InjectionVerdict {
  detected: boolean;
  /** Id of the rule that matched, for logs (e.g. "override:en", "encoded:base64>extract:en"). */
  rule?: string;
}

import type { InjectionRule as Rule } from "./injection-rule.js";
import { EXTRACT_RULES } from "./injection-rules-extract.js";
import { OVERRIDE_RULES } from "./injection-rules-override.js";
import { FAKE_TURN_RULES, PERSONA_RULES } from "./injection-rules-persona.js";

const PLAIN_RULES: readonly Rule[] = [...FAKE_TURN_RULES, ...OVERRIDE_RULES, ...EXTRACT_RULES, ...PERSONA_RULES];

// Run on letters only, and only when the message spells words out letter by letter
// ("i g n o r e"), because squashing an innocent message could glue words into a phrase.
const SQUASHED_RULES: readonly Rule[] = [
  {
    id: "override:en",
    pattern:
      /(?:ignore|disregard|forget|override)(?:all|any|every|the|your|of)*(?:previous|prior|above|earlier|preceding|original|initial|system)+(?:instructions?|prompts?|directions|rules|guidelines)|(?:ignore|disregard|forget|override)(?:all|your)(?:instructions|prompts?|rules|guidelines)/,
  },
  {
    id: "extract:en",
    pattern:
      /(?:reveal|show|print|repeat|output|display|tell|what)\w*(?:system|initial|hidden|secret)prompt|(?:system|initial|hidden|secret)prompt\w*(?:reveal|show|print|display|repeat|output)/,
  },
];

function firstMatch(rules: readonly Rule[], text: string): string | undefined {
  for (const rule of rules) {
    if (rule.requires === undefined && rule.unless === undefined) {
      if (rule.pattern.test(text)) return rule.id;
      continue;
    }
    // The span regexes are global: judge every candidate span, not just the first. exec() on
    // the shared regex rather than matchAll(), which clones the regex on every call.
    rule.pattern.lastIndex = 0;
    for (let match = rule.pattern.exec(text); match !== null; match = rule.pattern.exec(text)) {
      const span = match[0];
      const head = match.groups?.head ?? span;
      const tail = match.groups?.tail ?? "";
      const qualified =
        rule.requires === undefined || rule.requires.test(head) || rule.requiresAfter?.test(tail) === true;
      if (!qualified) continue;
      if (rule.unless !== undefined && rule.unless.test(span)) continue;
      return rule.id;
    }
  }
  return undefined;
}

// Cyrillic and Greek letters that look Latin; attackers swap them in to dodge keyword rules.
const HOMOGLYPH_FROM = "аеорсухіјѕԁοαεικντυρАВЕКМНОРСТХІΟΑΒΕΙΚΜΝΡΤ";
const HOMOGLYPH_TO = "aeopcyxijsdoaeikvtupABEKMHOPCTXIOABEIKMNPT";
const HOMOGLYPH_CHARS = new RegExp(`[${HOMOGLYPH_FROM}]`, "g");
// U+034F is a combining mark, so it sits outside the class (a class would attach it to its neighbour).
const ZERO_WIDTH = /\u034f|[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;
const LITERAL_ESCAPE = /\\u\{?([0-9a-f]{4,6})\}?|\\x([0-9a-f]{2})|&#x([0-9a-f]{1,6});|&#(\d{1,7});/gi;
const COMBINING_MARKS = /[\u0300-\u036f]/g;

function decodeLiteralEscapes(text: string): string {
  return text.replace(LITERAL_ESCAPE, (whole, u?: string, x?: string, hx?: string, dec?: string) => {
    const hex = u ?? x ?? hx;
    const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** NFKC, decode literal escapes, fold homoglyphs, drop zero-width marks, lower-case, fold accents, collapse spaces. */
export function normaliseForInjection(message: string): string {
  let text = decodeLiteralEscapes(message.normalize("NFKC")).replace(ZERO_WIDTH, "");
  if (/[a-z]/i.test(text)) text = text.replace(HOMOGLYPH_CHARS, (c) => HOMOGLYPH_TO[HOMOGLYPH_FROM.indexOf(c)]);
  // Stripping U+0300–036F is safe for CJK: kana voicing marks and Hangul jamo live elsewhere.
  text = text.toLowerCase().normalize("NFD").replace(COMBINING_MARKS, "").normalize("NFC");
  return text
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n[\s]*/g, "\n")
    .trim();
}

const LEET_FROM = "013457@$";
const LEET_TO = "oieastas";
const LEET_HINT = /[a-z][013457@$]|[013457@$][a-z]/;
const SPELLED_OUT = /\b(?:[a-z][ .\-_*]+){3,}[a-z]\b/g;
const BASE64_TOKEN = /[A-Za-z0-9+/]{16,}={0,2}/g;
const HEX_TOKEN = /\b(?:[0-9a-f]{2}){8,}\b/gi;

const ROT13_RULES: readonly Rule[] = [...OVERRIDE_RULES, ...EXTRACT_RULES].filter((r) => r.id.endsWith(":en"));

const ROT13_HINT = /vtaber|sbetrg|qvfertneq|bireevqr|flfgrz|cebzcg|vafgehpg|ehyrf|erirny/;

const rot13 = (text: string): string =>
  text.replace(/[a-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - 97 + 13) % 26) + 97));

function readableOrUndefined(bytes: Buffer): string | undefined {
  const text = bytes.toString("utf8");
  const printable = text.match(/[\p{L}\p{N}\p{P}\p{Zs}\n]/gu)?.length ?? 0;
  return text.length >= 8 && printable / text.length > 0.9 ? text : undefined;
}

// Payloads hidden in base64 or hex: decode each long token and judge the plain text.
function decodedPayloads(message: string): { kind: string; text: string }[] {
  const payloads: { kind: string; text: string }[] = [];
  for (const [token] of message.matchAll(BASE64_TOKEN)) {
    const text = readableOrUndefined(Buffer.from(token, "base64"));
    if (text !== undefined) payloads.push({ kind: "base64", text });
  }
  for (const [token] of message.matchAll(HEX_TOKEN)) {
    const text = readableOrUndefined(Buffer.from(token, "hex"));
    if (text !== undefined) payloads.push({ kind: "hex", text });
  }
  return payloads;
}

function matchObfuscatedForms(text: string): string | undefined {
  if (LEET_HINT.test(text)) {
    const rule = firstMatch(
      PLAIN_RULES,
      text.replace(/[013457@$]/g, (c) => LEET_TO[LEET_FROM.indexOf(c)]),
    );
    if (rule !== undefined) return `obfuscated:leet>${rule}`;
  }
  if (text.search(SPELLED_OUT) !== -1) {
    const joined = text.replace(SPELLED_OUT, (run) => run.replace(/[ .\-_*]/g, ""));
    const rule = firstMatch(PLAIN_RULES, joined) ?? firstMatch(SQUASHED_RULES, joined.replace(/[^a-z]/g, ""));
    if (rule !== undefined) return `obfuscated:spelled-out>${rule}`;
  }
  // Rot13 only ever hides English key phrases, so only the English rules are tried, and only
  // when a rot13'd key word (ignore, forget, system, prompt, instructions...) is present.
  if (!ROT13_HINT.test(text)) return undefined;
  const rule = firstMatch(ROT13_RULES, rot13(text));
  return rule === undefined ? undefined : `obfuscated:rot13>${rule}`;
}

export function detectInjection(message: string): InjectionVerdict {
  const text = normaliseForInjection(message);
  const rule = firstMatch(PLAIN_RULES, text) ?? matchObfuscatedForms(text);
  if (rule !== undefined) return { detected: true, rule };
  for (const payload of decodedPayloads(message.normalize("NFKC"))) {
    const inner = firstMatch(PLAIN_RULES, normaliseForInjection(payload.text));
    if (inner !== undefined) return { detected: true, rule: `encoded:${payload.kind}>${inner}` };
  }
  return { detected: false };
}
