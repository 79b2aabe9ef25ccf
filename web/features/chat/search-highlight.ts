/**
 * Splits a search result's text into plain and matched parts, the way the server matched:
 * a word of the text matches when it starts with a word that was typed (case-insensitive).
 */
export interface TextPart {
  text: string;
  match: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;

export function searchWords(typed: string): string[] {
  return [...new Set(typed.toLowerCase().match(WORD) ?? [])];
}

export function highlightParts(text: string, typed: string): TextPart[] {
  const words = searchWords(typed);
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(WORD)) {
    const lower = found[0].toLowerCase();
    if (!words.some((word) => lower.startsWith(word))) continue;
    const start = found.index;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
