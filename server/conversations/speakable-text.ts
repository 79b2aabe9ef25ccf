/**
 * Makes a model's reply fit to be spoken and shown in a call transcript: markdown is reduced
 * to its words (emphasis, headings, list markers, quotes, code fences, tables, links and
 * images), emoji are left out, and web addresses are said as their domain ("example.com").
 * A speech engine reads every symbol it is given, so without this a reply that starts with
 * "**Sure**" is spoken as "asterisk asterisk Sure".
 *
 * toSpeakableText works on any piece of text — a whole reply or one sentence cut from it —
 * and tolerates markup the piece only half contains. createLineMarkerFilter strips list and
 * heading markers from a stream, before it is cut into sentences: the sentence splitter would
 * otherwise cut "1. Open the app." after "1." and speak the number on its own.
 */

const FENCE = /^\s*(?:```|~~~)/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const HORIZONTAL_RULE = /^\s*(?:[-*_=]\s*){3,}$/;
const LINK_DEFINITION = /^\s*\[[^\]]+\]:\s*\S+/;
const QUOTE_MARKERS = /^\s*(?:>\s?)+/;
const HEADING = /^\s*#{1,6}\s+(.*?)(?:\s+#+)?\s*$/;
const LIST_MARKER = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?/;

const IMAGE = /!\[([^\]]*)\]\([^)]*\)/g;
const LINK = /\[([^\]]+)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g;
const REFERENCE_LINK = /\[([^\]]+)\]\[[^\]]*\]/g;
const ANGLE_URL = /<((?:https?:\/\/|www\.)[^\s>]+)>/gi;
const BARE_URL = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/gi;
const ESCAPED = /\\([\\`*_{}[\]()#+\-.!|>~])/g;
const INLINE_CODE = /`+([^`]*)`+/g;
/** Emphasis delimiters where they open (before a word) or close (after one); snake_case survives. */
const EMPHASIS_OPENING = /(?<=^|[\s\p{P}\p{S}])(?:\*{1,3}|_{1,3}|~~)(?=\S)/gu;
const EMPHASIS_CLOSING = /(?<=\S)(?:\*{1,3}|_{1,3}|~~)(?=$|[\s\p{P}\p{S}])/gu;
/** Pictographs with their joiners, variation selectors, skin tones, keycaps and flags. */
const EMOJI = /\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}\u{1F1E6}-\u{1F1FF}]|\u200D|\uFE0E|\uFE0F|\u20E3/gu;
const WORDS = /[\p{L}\p{N}]/u;
/** Knowledge citation markers ([1], [2, 3]): a reference for the eye, noise for the ear. */
const CITATION_MARKER = /[ \t]*\[\d{1,2}(?:\s*,\s*\d{1,2})*\]/g;
const SPACE_BEFORE_PUNCTUATION = /[ \t]+([.,!?;:。、！？])/g;

/** "https://www.example.com/help?x=1" → "example.com"; an address that does not parse is left out. */
function spokenAddress(address: string): string {
  const trimmed = address.replace(/[.,;:!?)\]]+$/, "");
  const trailing = address.slice(trimmed.length);
  try {
    const url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
    return url.hostname.replace(/^www\./, "") + trailing;
  } catch {
    return trailing;
  }
}

function tableRow(line: string): string | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith("|") || trimmed.length < 2) return null;
  const cells = trimmed
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((cell) => cell.trim())
    .filter(Boolean);
  return cells.join(", ");
}

/** The words of one line of markdown outside a code block, or null when it is only markup. */
function speakableLine(line: string): string | null {
  if (TABLE_DIVIDER.test(line) || HORIZONTAL_RULE.test(line) || LINK_DEFINITION.test(line)) return null;
  let text = line.replace(QUOTE_MARKERS, "");
  text = HEADING.exec(text)?.[1] ?? text;
  text = text.replace(LIST_MARKER, "");
  text = tableRow(text) ?? text;
  return speakableInline(text);
}

function speakableInline(text: string): string {
  return (
    text
      .replace(INLINE_CODE, "$1")
      .replace(CITATION_MARKER, "")
      .replace(IMAGE, "$1")
      .replace(LINK, "$1")
      .replace(REFERENCE_LINK, "$1")
      .replace(ANGLE_URL, (_match, address: string) => spokenAddress(address))
      .replace(BARE_URL, spokenAddress)
      .replace(HTML_TAG, " ")
      .replace(ESCAPED, "$1")
      .replace(EMPHASIS_OPENING, "")
      .replace(EMPHASIS_CLOSING, "")
      // Whatever asterisks are left are never meant to be read out.
      .replace(/\*/g, "")
      .replace(EMOJI, "")
      .replace(/[ \t]{2,}/g, " ")
      .replace(SPACE_BEFORE_PUNCTUATION, "$1")
      .trim()
  );
}

/** The reply as words to speak and show: see the module comment. Line breaks are kept. */
export function toSpeakableText(text: string): string {
  const lines: string[] = [];
  let inCode = false;
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (FENCE.test(line)) {
      inCode = !inCode;
      continue;
    }
    // Code is kept as written, but for symbols that are never words.
    const spoken = inCode ? line.replace(EMOJI, "").trim() : speakableLine(line);
    // A line of bare symbols ("---", "}", "…") has nothing to say; an empty one keeps paragraphs apart.
    if (spoken === "" || (spoken !== null && WORDS.test(spoken))) lines.push(spoken);
  }
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export interface LineMarkerFilter {
  /** The delta without list, heading and quote markers at line starts; an undecided line start is held back. */
  push(delta: string): string;
  /** Whatever was held back. */
  flush(): string;
}

/** A line start that is, or may yet become, a marker followed by its space: "12.", "##", " -". */
const MARKER_SO_FAR = /^[ \t]*(?:#{0,6}|[-*+•>]|\d{1,3}[.)]?)[ \t]*$/;
const MARKER = /^[ \t]*(?:#{1,6}|[-*+•>]|\d{1,3}[.)])[ \t]+/;

export function createLineMarkerFilter(): LineMarkerFilter {
  let atLineStart = true;
  let held = "";

  return {
    push(delta) {
      let out = "";
      for (const char of delta) {
        if (!atLineStart) {
          out += char;
          if (char === "\n") atLineStart = true;
          continue;
        }
        held += char;
        if (char === "\n") {
          out += held;
          held = "";
          continue;
        }
        if (MARKER_SO_FAR.test(held)) continue;
        const marker = MARKER.exec(held);
        out += marker ? held.slice(marker[0].length) : held;
        held = "";
        atLineStart = false;
      }
      return out;
    },
    flush() {
      const rest = held;
      held = "";
      atLineStart = true;
      return rest;
    },
  };
}
