/**
 * Cuts a streamed reply into sentences as soon as each one is certainly finished, so a
 * voice reply can start speaking its first sentence while the model is still writing.
 *
 * "Certainly" matters: a "." at the very end of what has arrived may yet turn out to be
 * "3.5" or "e.g.", so the splitter waits for the next character before deciding.
 */

export interface SentenceSplitter {
  /** Feeds a delta; returns the sentences it completed (possibly none). */
  push(delta: string): string[];
  /** End of the stream: whatever is left, or null when nothing is. */
  flush(): string | null;
}

export interface SentenceSplitterOptions {
  /** Shorter sentences are held and joined to the next, so "Hi." alone never reaches TTS. */
  minLength?: number;
  /** A run-on sentence longer than this is cut at a comma or space so speech can begin. */
  maxLength?: number;
}

/** Abbreviations that (almost) never end a sentence. Compared lower-case, without the last dot. */
const NEVER_FINAL_ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "sr",
  "jr",
  "st",
  "vs",
  "e.g",
  "i.e",
  "cf",
  "approx",
  "fig",
  "vol",
  "ca",
  "bzw",
  "z.b",
  "d.h",
  "sra",
  "mme",
  "mlle",
  "sig",
]);
/** Abbreviations that end a sentence only when a capital letter follows. */
const MAYBE_FINAL_ABBREVIATIONS = new Set(["etc", "usw", "inc", "ltd", "co"]);

const CJK_TERMINATORS = "。！？";
const TERMINATORS = ".!?…";
const CLOSERS = "\"'”’)]」』»";

type Boundary = { end: number } | "wait" | null;

export function createSentenceSplitter(options: SentenceSplitterOptions = {}): SentenceSplitter {
  const minLength = options.minLength ?? 12;
  const maxLength = options.maxLength ?? 240;
  let buffer = "";
  let held = "";

  function take(end: number): string | null {
    const candidate = held + buffer.slice(0, end);
    buffer = buffer.slice(end);
    if (candidate.trim().length < minLength) {
      held = candidate;
      return null;
    }
    held = "";
    return candidate.trim();
  }

  return {
    push(delta) {
      buffer += delta;
      const sentences: string[] = [];
      for (;;) {
        const boundary = findBoundary(buffer);
        if (boundary === null || boundary === "wait") break;
        const sentence = take(boundary.end);
        if (sentence) sentences.push(sentence);
      }
      while (buffer.length > maxLength) {
        const sentence = take(softBreak(buffer, maxLength));
        if (sentence) sentences.push(sentence);
      }
      return sentences;
    },
    flush() {
      const rest = (held + buffer).trim();
      held = "";
      buffer = "";
      return rest || null;
    },
  };
}

/** The end index of the first finished sentence in `text`; "wait" when undecidable yet. */
function findBoundary(text: string): Boundary {
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    if (char === "\n") return { end: i + 1 };
    if (CJK_TERMINATORS.includes(char)) {
      return { end: skipWhile(text, skipWhile(text, i, CJK_TERMINATORS + TERMINATORS), CLOSERS) };
    }
    if (!TERMINATORS.includes(char)) continue;

    const runEnd = skipWhile(text, i, TERMINATORS);
    const end = skipWhile(text, runEnd, CLOSERS);
    if (end === text.length) return "wait";
    if (!/\s/.test(text[end] ?? "")) {
      // "3.5", "example.com", "e.g" before its last dot: not an ending.
      i = end - 1;
      continue;
    }
    const run = text.slice(i, runEnd);
    const next = nextVisibleChar(text, end);
    if (run === ".") {
      const word = /[\p{L}.]+$/u.exec(text.slice(0, i))?.[0] ?? "";
      if (NEVER_FINAL_ABBREVIATIONS.has(word.toLowerCase()) || isInitial(word)) {
        i = end - 1;
        continue;
      }
      if (MAYBE_FINAL_ABBREVIATIONS.has(word.toLowerCase())) {
        if (next === null) return "wait";
        if (!isUpperCase(next)) {
          i = end - 1;
          continue;
        }
      }
    } else if (run.includes("…") || run.includes("..")) {
      // "Well... maybe" goes on; "I see... Next," starts a new sentence.
      if (next === null) return "wait";
      if (isLowerCase(next)) {
        i = end - 1;
        continue;
      }
    }
    return { end };
  }
  return null;
}

/** Where to cut a run-on sentence: after the last comma-like mark, else the last space. */
function softBreak(text: string, maxLength: number): number {
  const window = text.slice(0, maxLength);
  const punctuation = Math.max(...[",", ";", ":", "、", "，", "；"].map((mark) => window.lastIndexOf(mark)));
  if (punctuation > maxLength / 3) return punctuation + 1;
  const space = window.lastIndexOf(" ");
  return space > maxLength / 3 ? space + 1 : maxLength;
}

function skipWhile(text: string, from: number, chars: string): number {
  let index = from;
  while (index < text.length && chars.includes(text[index] ?? "")) index++;
  return index;
}

function nextVisibleChar(text: string, from: number): string | null {
  const match = /\S/u.exec(text.slice(from));
  return match ? match[0] : null;
}

/** A single capital such as the "J" of "J. Smith" — but not "I", which does end sentences. */
function isInitial(word: string): boolean {
  return word !== "I" && /^\p{Lu}$/u.test(word);
}

function isUpperCase(char: string): boolean {
  return char !== char.toLowerCase() && char === char.toUpperCase();
}

function isLowerCase(char: string): boolean {
  return char !== char.toUpperCase() && char === char.toLowerCase();
}
