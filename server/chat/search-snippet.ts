/**
 * The stretch of a found message a search result shows: from a little before the first typed
 * word it holds to about a line and a half after, cut at spaces where the text has them
 * (Japanese and Chinese have none: cut at the character). Plain text; the client marks the words.
 */
const BEFORE = 40;
const LENGTH = 160;

export function searchSnippet(content: string, words: string[]): string {
  const text = content.replace(/\s+/gu, " ").trim();
  const lower = text.toLowerCase();
  // toLowerCase keeps the length for nearly every character; a position off by one only moves the cut.
  const first = Math.min(...words.map((word) => lower.indexOf(word)).filter((at) => at >= 0), text.length);
  let start = Math.max(0, first - BEFORE);
  let end = Math.min(text.length, start + LENGTH);
  if (start > 0) {
    const space = text.indexOf(" ", start);
    if (space >= 0 && space < first) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > first) end = space;
  }
  return `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
}
