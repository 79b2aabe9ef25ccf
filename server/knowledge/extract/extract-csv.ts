/**
 * CSV → sections of whole rows, each starting with the header row so every chunk can be read
 * on its own ("price" means nothing without its column). Rows are numbered as a spreadsheet
 * shows them (the header is row 1), so "rows 2–41" can be found by the person who uploaded it.
 * Records are kept as written; only quoting is understood, so a quoted field spanning lines
 * stays in its row whatever the delimiter (comma, semicolon, tab).
 */
import { CHUNK_MAX_TOKENS } from "./chunk.js";
import type { ExtractedSection } from "./extracted-section.js";
import { countTokens, type TokenCounter } from "./token-count.js";

/** Records as written, without their line ends; a quoted field may hold newlines. */
export function csvRecords(text: string): string[] {
  const records: string[] = [];
  let quoted = false;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === "\n" || character === "\r")) {
      records.push(text.slice(start, index));
      if (character === "\r" && text[index + 1] === "\n") index++;
      start = index + 1;
    }
  }
  if (start < text.length) records.push(text.slice(start));
  return records;
}

function rowsLabel(first: number, last: number): string {
  return first === last ? `row ${first}` : `rows ${first}–${last}`;
}

export function extractCsv(
  text: string,
  options: { maxTokens?: number; countTokens?: TokenCounter } = {},
): ExtractedSection[] {
  const maxTokens = options.maxTokens ?? CHUNK_MAX_TOKENS;
  const count = options.countTokens ?? countTokens;
  const records = csvRecords(text);
  const headerIndex = records.findIndex((record) => record.trim() !== "");
  if (headerIndex < 0) return [];
  const header = records[headerIndex];
  const headerTokens = count(header);
  // A header too long to repeat would leave no room for rows; it then opens the first section only.
  const repeatHeader = headerTokens <= maxTokens / 2;
  const sections: ExtractedSection[] = [];
  let rows: string[] = [];
  let tokens = 0;
  let first = 0;
  let last = 0;
  const flush = (): void => {
    if (rows.length === 0) return;
    const withHeader = repeatHeader || sections.length === 0;
    sections.push({ text: (withHeader ? [header, ...rows] : rows).join("\n"), location: rowsLabel(first, last) });
    rows = [];
  };
  for (let index = headerIndex + 1; index < records.length; index++) {
    const record = records[index];
    if (record.trim() === "") continue;
    const rowNumber = index + 1;
    const recordTokens = count(record) + 1;
    const room = repeatHeader || sections.length === 0 ? maxTokens - headerTokens : maxTokens;
    if (rows.length > 0 && tokens + recordTokens > room) flush();
    if (rows.length === 0) {
      first = rowNumber;
      tokens = 0;
    }
    rows.push(record);
    tokens += recordTokens;
    last = rowNumber;
  }
  flush();
  // Only a header: still the document's text (a list of column names can answer a question).
  if (sections.length === 0) sections.push({ text: header, location: rowsLabel(headerIndex + 1, headerIndex + 1) });
  return sections;
}
