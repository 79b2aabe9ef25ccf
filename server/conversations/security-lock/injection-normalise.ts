/**
 * What the injection detector reads instead of the raw message: one normal form (NFKC, literal
 * escapes decoded, homoglyphs folded, invisible marks dropped, lower case, accents folded) and
 * the plain text of payloads hidden in base64 or hex. Shared by the rules and the classifier,
 * so both see through the same disguises.
 */

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

const BASE64_TOKEN = /[A-Za-z0-9+/]{16,}={0,2}/g;
const HEX_TOKEN = /\b(?:[0-9a-f]{2}){8,}\b/gi;

function readableOrUndefined(bytes: Buffer): string | undefined {
  const text = bytes.toString("utf8");
  const printable = text.match(/[\p{L}\p{N}\p{P}\p{Zs}\n]/gu)?.length ?? 0;
  return text.length >= 8 && printable / text.length > 0.9 ? text : undefined;
}

/** Payloads hidden in base64 or hex: each long token that decodes to readable text. */
export function decodedPayloads(message: string): { kind: string; text: string }[] {
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
