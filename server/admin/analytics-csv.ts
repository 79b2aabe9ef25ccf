/**
 * CSV downloads of the analytics tables and the audit trail. Every text cell that a
 * spreadsheet would read as a formula (=, +, -, @, tab, carriage return first) gets a leading
 * apostrophe, as OWASP advises, so a company named `=cmd|' /C calc'!A0` stays text.
 */
import type { AnalyticsReport, AnalyticsTable, UsageFigures } from "../../contracts/usage.js";

export type CsvCell = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: CRLF line ends, a header row first. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

const FIGURE_COLUMNS: (keyof UsageFigures)[] = [
  "conversations",
  "messages",
  "textMessages",
  "voiceMessages",
  "activeUsers",
  "promptTokens",
  "completionTokens",
  "voiceSeconds",
  "failedReplies",
  "securityLocks",
  "firstTokenMsP50",
  "firstTokenMsP95",
];

const figures = (row: UsageFigures): CsvCell[] => FIGURE_COLUMNS.map((key) => row[key]);

export function analyticsCsv(report: AnalyticsReport, table: AnalyticsTable): string {
  switch (table) {
    case "daily":
      return toCsv(
        ["date", ...FIGURE_COLUMNS],
        report.daily.map((row) => [row.date, ...figures(row)]),
      );
    case "companies":
      return toCsv(
        ["companyId", "companyName", ...FIGURE_COLUMNS],
        report.companies.map((row) => [row.companyId, row.companyName, ...figures(row)]),
      );
    case "users":
      return toCsv(
        ["userId", "fullName", "email", "companyName", ...FIGURE_COLUMNS],
        report.users.map((row) => [row.userId, row.fullName, row.email, row.companyName, ...figures(row)]),
      );
    case "agents":
      return toCsv(
        ["agentId", "agentName", "companyName", ...FIGURE_COLUMNS],
        report.agents.map((row) => [row.agentId, row.agentName, row.companyName, ...figures(row)]),
      );
  }
}
