/** The analytics screen's report: totals, a row per day (gaps filled), and tables by company, user and agent. */
import type { AnalyticsQuery, AnalyticsReport, UsageFigures } from "../../contracts/usage.js";
import type { Db } from "../db/connect.js";
import { quantileFromBuckets } from "../db/first-token-buckets.js";
import { aggregateClosedPeriods } from "./closed-read.js";
import { aggregateDailyRows, type AggregateRow, type AnalyticsFilter } from "./queries.js";

const DAY_MS = 86_400_000;

function figuresOf(row: AggregateRow | undefined): UsageFigures {
  return {
    conversations: row?.conversations ?? 0,
    messages: row?.messages ?? 0,
    textMessages: row?.textMessages ?? 0,
    voiceMessages: row?.voiceMessages ?? 0,
    webMessages: row?.webMessages ?? 0,
    apiMessages: row?.apiMessages ?? 0,
    activeUsers: row?.activeUsers ?? 0,
    promptTokens: row?.promptTokens ?? 0,
    completionTokens: row?.completionTokens ?? 0,
    voiceSeconds: Math.round((row?.voiceSeconds ?? 0) * 10) / 10,
    failedReplies: row?.failedReplies ?? 0,
    securityLocks: row?.securityLocks ?? 0,
    toolCalls: row?.toolCalls ?? 0,
    firstTokenMsP50: row ? quantileFromBuckets(row.firstTokenBuckets, 0.5) : null,
    firstTokenMsP95: row ? quantileFromBuckets(row.firstTokenBuckets, 0.95) : null,
  };
}

/** Every date of the range, oldest first, as YYYY-MM-DD. */
export function datesOf(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    dates.push(new Date(t).toISOString().slice(0, 10));
  }
  return dates;
}

const byMessages = (a: UsageFigures, b: UsageFigures) => b.messages - a.messages;

/** An agent's figures come from the daily rows (the closed tables keep no per-agent days); all else from closed periods. */
async function aggregateUsage(db: Db, f: AnalyticsFilter): Promise<AggregateRow[]> {
  return (f.agentId ? null : await aggregateClosedPeriods(db, f)) ?? (await aggregateDailyRows(db, f));
}

export async function analyticsReport(db: Db, query: AnalyticsQuery): Promise<AnalyticsReport> {
  const rows = await aggregateUsage(db, query);
  const of = (grouping: AggregateRow["grouping"]) => rows.filter((row) => row.grouping === grouping);
  const days = new Map(of("day").map((row) => [row.day, row]));
  return {
    from: query.from,
    to: query.to,
    totals: figuresOf(of("total")[0]),
    daily: datesOf(query.from, query.to).map((date) => ({ date, ...figuresOf(days.get(date)) })),
    companies: of("company")
      .map((row) => ({ companyId: row.companyId ?? "", companyName: row.companyName ?? "", ...figuresOf(row) }))
      .sort(byMessages),
    users: of("user")
      .map((row) => ({
        userId: row.userId ?? "",
        fullName: row.fullName ?? "",
        email: row.email ?? "",
        companyName: row.companyName ?? "",
        ...figuresOf(row),
      }))
      .sort(byMessages),
    agents: of("agent")
      .map((row) => ({
        agentId: row.agentId ?? "",
        agentName: row.agentName ?? "",
        companyName: row.companyName ?? "",
        ...figuresOf(row),
      }))
      .sort(byMessages),
  };
}
