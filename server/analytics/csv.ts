/** The analytics report's tables as CSV, one column per figure. */
import type { AnalyticsReport, AnalyticsTable, UsageFigures } from "../../contracts/usage.js";
import { toCsv, type CsvCell } from "../http/csv.js";

const FIGURE_COLUMNS: (keyof UsageFigures)[] = [
  "conversations",
  "messages",
  "textMessages",
  "voiceMessages",
  "webMessages",
  "apiMessages",
  "activeUsers",
  "promptTokens",
  "completionTokens",
  "voiceSeconds",
  "failedReplies",
  "securityLocks",
  "toolCalls",
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
