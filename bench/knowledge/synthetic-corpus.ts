/**
 * Realistic filler for the speed measurement: chunks made of the real corpus's sentences, with
 * other product and brand names, other numbers, and sentences from templates over a wider
 * vocabulary mixed in, so the words have the skewed spread of one company's documents rather
 * than ten thousand copies of the same page. Seeded: every run builds the same text.
 */

import { seededRandom } from "../../server/conversations/security-lock/injection-training.js";
export type Random = () => number;

export { seededRandom };

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const between = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

const BRANDS = ["Hearthwell", "Brightmoor", "Quillon", "Tessaline", "Norrvik", "Castello", "Ambrel", "Veyra"];
const PRODUCTS = [
  ...["Nimbus R5", "Nimbus R7", "Nimbus R9", "Aero S2", "Aero S4", "Lumen K1", "Lumen K3", "Strata V8", "Strata V10"],
  ...["Cirrus M2", "Cirrus M6", "Halo T3", "Halo T5", "Breeze A1", "Breeze A2", "Orbit X4", "Orbit X6", "Pico D2"],
];
const PARTS = [
  ...["filter", "main brush", "side brush", "battery", "charging dock", "water tank", "mop pad", "dust bag", "bumper"],
  ...[
    "cliff sensor",
    "drive wheel",
    "swivel wheel",
    "lid",
    "power adapter",
    "remote",
    "base station",
    "hose",
    "nozzle",
  ],
  ...["display", "firmware", "app", "cable", "gasket", "valve", "handle", "motor", "fan", "grille", "seal", "spring"],
];
const ACTIONS = [
  ...["clean", "replace", "inspect", "rinse", "recharge", "reset", "update", "register", "calibrate", "descale"],
  ...["tighten", "lubricate", "order", "return", "repair", "pair", "unpair", "store", "ship", "refund", "exchange"],
];
const UNITS = ["days", "weeks", "months", "hours", "cycles", "runs", "business days", "minutes"];
const PLACES = [
  ...["kitchen", "hallway", "bedroom", "office", "warehouse", "service centre", "living room", "garage", "stairs"],
  ...["shop floor", "reception", "balcony", "basement", "attic", "laundry room", "conference room", "showroom"],
];
const TEMPLATES: ((random: Random) => string)[] = [
  (r) =>
    `${cap(pick(r, ACTIONS))} the ${pick(r, PARTS)} of the ${pick(r, PRODUCTS)} every ${between(r, 2, 12)} ${pick(r, UNITS)}.`,
  (r) =>
    `In the ${pick(r, PLACES)}, the ${pick(r, PRODUCTS)} may need its ${pick(r, PARTS)} checked after ${between(r, 5, 90)} ${pick(r, UNITS)}.`,
  (r) =>
    `${pick(r, BRANDS)} support can ${pick(r, ACTIONS)} a ${pick(r, PARTS)} within ${between(r, 1, 14)} ${pick(r, UNITS)} of your request.`,
  (r) => `The ${pick(r, PARTS)} costs $${between(r, 5, 300)} and ships in ${between(r, 1, 10)} business days.`,
  (r) => `If the ${pick(r, PARTS)} shows error E${between(r, 11, 99)}, ${pick(r, ACTIONS)} it before the next run.`,
  (r) =>
    `Customers of the ${pick(r, PRODUCTS)} can ${pick(r, ACTIONS)} their ${pick(r, PARTS)} in the ${pick(r, BRANDS)} app.`,
];
const SECTION_TITLES = [
  ...["Specifications", "Setup", "Maintenance", "Troubleshooting", "Warranty", "Shipping", "Returns", "Pricing"],
  ...["Safety", "Accessories", "Battery care", "Frequently asked questions", "Service plans", "Devoluciones"],
];

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The sentences of the real corpus's chunks: the raw material of the filler. */
export function sentencesOf(chunks: string[]): string[] {
  return chunks
    .flatMap((chunk) => chunk.replace(/\s+/g, " ").split(/(?<=[.!?:])\s+(?=[A-Z¿¡ÁÉÍÓÚ0-9])/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 25);
}

function vary(random: Random, sentence: string): string {
  return sentence
    .replace(/Nimbus R\d( Plus)?/g, () => pick(random, PRODUCTS))
    .replace(/Hearthwell/g, () => pick(random, BRANDS))
    .replace(/\d+(?:[.,]\d+)?/g, (number) => (random() < 0.6 ? String(between(random, 1, 500)) : number));
}

const SYLLABLES = [
  "ka",
  "ver",
  "lo",
  "tri",
  "san",
  "mel",
  "do",
  "ra",
  "quin",
  "bel",
  "tos",
  "fen",
  "ar",
  "mi",
  "zu",
  "pel",
];

function pseudoWord(random: Random): string {
  let word = "";
  for (let i = between(random, 2, 4); i > 0; i--) word += pick(random, SYLLABLES);
  return word;
}

/**
 * A document's own vocabulary: about half of the corpus's content words are swapped for words
 * of its own, as another product line's manual has its own parts and terms. Without this every
 * synthetic chunk would draw on the same few hundred sentences' words, and ordinary words would
 * sit in far more chunks than they do in ten thousand chunks of real documents.
 */
function documentDialect(random: Random, sentences: string[]): Map<string, string> {
  const dialect = new Map<string, string>();
  for (const sentence of sentences) {
    for (const word of sentence.toLowerCase().match(/\p{L}{4,}/gu) ?? []) {
      if (!dialect.has(word)) dialect.set(word, random() < 0.5 ? pseudoWord(random) : word);
    }
  }
  return dialect;
}

function speak(dialect: Map<string, string>, sentence: string): string {
  return sentence.replace(/\p{L}{4,}/gu, (word) => {
    const swapped = dialect.get(word.toLowerCase()) ?? word;
    return word[0] === word[0].toUpperCase() ? cap(swapped) : swapped;
  });
}

/** A document's chunks: each a section title, then 3–30 sentences, a sixth of them from templates. */
export function syntheticDocument(random: Random, sentences: string[], chunks: number): string[] {
  const dialect = documentDialect(random, sentences);
  const product = pick(random, PRODUCTS);
  return Array.from({ length: chunks }, () => {
    const title = `${product} — ${pick(random, SECTION_TITLES)}`;
    const body: string[] = [];
    for (let i = between(random, 3, 30); i > 0; i--) {
      const sentence = random() < 0.17 ? pick(random, TEMPLATES)(random) : vary(random, pick(random, sentences));
      body.push(speak(dialect, sentence));
    }
    return `${title}\n\n${body.join(" ")}`;
  });
}

/** Queries beyond the labelled questions: a few words from a sentence, asked as a customer would. */
export function syntheticQuery(random: Random, sentences: string[]): string {
  const words = vary(random, pick(random, sentences)).split(" ");
  const length = Math.min(words.length, between(random, 4, 9));
  const start = between(random, 0, words.length - length);
  const phrase = words
    .slice(start, start + length)
    .join(" ")
    .replace(/[.,;:!?]+$/, "");
  return `${pick(random, ["What about", "Question:", "Can you tell me", "Help with", ""])} ${phrase}?`.trim();
}
