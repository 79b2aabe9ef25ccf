/**
 * CSV downloads (the analytics tables, outcome analytics, the audit trail). Every text cell that a
 * spreadsheet would read as a formula (=, +, -, @, tab, carriage return first) gets a leading
 * apostrophe, as OWASP advises, so a company named `=cmd|' /C calc'!A0` stays text.
 *
 * The check reads the cell as a spreadsheet would (issue 22, finding 8): full-width signs fold
 * to their ASCII forms (`＝`), and invisible characters, spaces and separators in front of the
 * sign are skipped (a zero-width space, or `;=` that a semicolon locale splits into a new cell).
 * Cells holding a semicolon are quoted so that such a locale keeps them whole.
 */
import type { FastifyReply } from "fastify";
import { csvResponse } from "./openapi.js";

export type CsvCell = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;
/** What a spreadsheet skips or splits on before it reads a cell's first sign. */
const LEADING_NOISE = /^[\s;,\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]+/u;
const NEEDS_QUOTES = /[",;\r\n]/;

function readsAsFormula(value: string): boolean {
  if (FORMULA_START.test(value)) return true;
  return FORMULA_START.test(value.normalize("NFKC").replace(LEADING_NOISE, ""));
}

export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  const text = readsAsFormula(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: CRLF line ends, a header row first. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Sends `csv` as a download named `filename`; never cached, since the rows change. */
export function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .header("Content-Type", "text/csv; charset=utf-8")
    .header("Content-Disposition", `attachment; filename="${filename}"`)
    .header("Cache-Control", "no-store")
    .send(csv);
}

/** A CSV route's documented answer. */
export const CSV_DOWNLOAD = { 200: csvResponse("The rows as CSV, as a download") };
