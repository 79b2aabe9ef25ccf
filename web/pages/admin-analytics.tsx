/**
 * /admin-analytics: usage across companies, users and agents for a range — charts per day
 * (each with its table), the totals, and tables by company, user and agent with CSV downloads.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AnalyticsReport } from "../../contracts/usage";
import { PageHeader } from "../components/layout/page-header";
import { StatCard } from "../components/ui/stat-card";
import { AdminGuard } from "../features/admin/admin-guard";
import { ErrorState, LoadingState } from "../features/admin/admin-states";
import { AnalyticsFilters, rangeOf, type RangeChoice } from "../features/analytics/analytics-filters";
import { DailyChart } from "../features/analytics/daily-chart";
import { FiguresTable } from "../features/analytics/figures-table";
import { OutcomeAnalyticsSection } from "../features/outcomes/outcome-analytics-section";
import { formatMs, formatPercent, formatTokens, formatVoiceMinutes } from "../features/analytics/figure-format";
import { analyticsCsvUrl, analyticsQuery, type AnalyticsFilter } from "../lib/admin-queries";
import { Activity, Bot, Clock, MessageSquare, Mic, ShieldAlert, Users, Wrench, Zap } from "lucide-react";

export function AdminAnalyticsPage() {
  const [choice, setChoice] = useState<RangeChoice>(30);
  const [filter, setFilter] = useState<AnalyticsFilter>(() => rangeOf(30));
  const report = useQuery(analyticsQuery(filter));
  const choose = (next: RangeChoice) => {
    setChoice(next);
    if (next !== "custom") setFilter({ ...filter, ...rangeOf(next) });
  };

  return (
    <AdminGuard>
      <PageHeader title="Analytics" description="Usage by day, channel, company, user and agent. Days are UTC." />
      <div className="space-y-6">
        <AnalyticsFilters
          choice={choice}
          filter={filter}
          agents={report.data?.agents ?? []}
          onChoice={choose}
          onFilter={setFilter}
        />
        {report.isPending ? (
          <LoadingState />
        ) : report.isError ? (
          <ErrorState error={report.error} />
        ) : (
          <Report filter={filter} data={report.data} />
        )}
        <OutcomeAnalyticsSection range={{ from: filter.from, to: filter.to }} />
      </div>
    </AdminGuard>
  );
}

function Report({ filter, data }: { filter: AnalyticsFilter; data: AnalyticsReport }) {
  const { totals, daily } = data;
  const dates = daily.map((d) => d.date);
  const pick = (read: (d: (typeof daily)[number]) => number | null) => daily.map(read);
  return (
    <>
      <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <StatCard
          label="Conversations"
          value={totals.conversations.toLocaleString()}
          icon={MessageSquare}
          testId="analytics-conversations"
        />
        <StatCard
          label="Messages"
          value={totals.messages.toLocaleString()}
          icon={Activity}
          testId="analytics-messages"
        />
        <StatCard
          label="Tool calls"
          value={totals.toolCalls.toLocaleString()}
          icon={Wrench}
          testId="analytics-tool-calls"
        />
        <StatCard
          label="Active users"
          value={totals.activeUsers.toLocaleString()}
          icon={Users}
          testId="analytics-active-users"
        />
        <StatCard
          label="Tokens"
          value={formatTokens(totals.promptTokens + totals.completionTokens)}
          icon={Zap}
          testId="analytics-tokens"
        />
        <StatCard label="Voice" value={formatVoiceMinutes(totals.voiceSeconds)} icon={Mic} testId="analytics-voice" />
        <StatCard
          label="First token p50 / p95"
          value={`${formatMs(totals.firstTokenMsP50)} / ${formatMs(totals.firstTokenMsP95)}`}
          icon={Clock}
          testId="analytics-latency"
        />
        <StatCard
          label="Failure rate"
          value={formatPercent(totals.failedReplies, totals.messages)}
          icon={Bot}
          testId="analytics-failures"
        />
        <StatCard
          label="Security locks"
          value={totals.securityLocks.toLocaleString()}
          icon={ShieldAlert}
          testId="analytics-locks"
        />
      </section>
      <section aria-label="Charts" className="grid gap-4 lg:grid-cols-2">
        <DailyChart
          title="Conversations per day"
          dates={dates}
          series={[{ label: "Conversations", fillClass: "fill-primary", values: pick((d) => d.conversations) }]}
        />
        <DailyChart
          title="Messages per day"
          dates={dates}
          series={[
            { label: "Text", fillClass: "fill-primary", values: pick((d) => d.textMessages) },
            { label: "Voice", fillClass: "fill-amber-400", values: pick((d) => d.voiceMessages) },
          ]}
        />
        <DailyChart
          title="Messages by channel per day"
          dates={dates}
          series={[
            {
              label: "Members",
              fillClass: "fill-primary",
              values: pick((d) => d.messages - d.webMessages - d.apiMessages),
            },
            { label: "Guests · web", fillClass: "fill-teal-500", values: pick((d) => d.webMessages) },
            { label: "Guests · api", fillClass: "fill-fuchsia-500", values: pick((d) => d.apiMessages) },
          ]}
        />
        <DailyChart
          title="Active users per day"
          dates={dates}
          series={[{ label: "Active users", fillClass: "fill-emerald-500", values: pick((d) => d.activeUsers) }]}
        />
        <DailyChart
          title="Tokens per day"
          dates={dates}
          format={formatTokens}
          series={[
            { label: "Prompt", fillClass: "fill-sky-500", values: pick((d) => d.promptTokens) },
            { label: "Completion", fillClass: "fill-indigo-500", values: pick((d) => d.completionTokens) },
          ]}
        />
        <DailyChart
          title="Voice minutes per day"
          dates={dates}
          format={(n) => n.toFixed(1)}
          series={[{ label: "Minutes", fillClass: "fill-amber-400", values: pick((d) => d.voiceSeconds / 60) }]}
        />
        <DailyChart
          title="First-token latency per day (ms)"
          dates={dates}
          additive={false}
          format={(n) => Math.round(n).toLocaleString()}
          series={[{ label: "p95", fillClass: "fill-slate-400", values: pick((d) => d.firstTokenMsP95) }]}
        />
        <DailyChart
          title="Failed replies and security locks per day"
          dates={dates}
          series={[
            { label: "Failed replies", fillClass: "fill-red-500", values: pick((d) => d.failedReplies) },
            { label: "Security locks", fillClass: "fill-orange-400", values: pick((d) => d.securityLocks) },
          ]}
        />
      </section>
      <FiguresTable
        title="By company"
        csvUrl={analyticsCsvUrl("companies", filter)}
        rows={data.companies.map((c) => ({ ...c, key: c.companyId, name: c.companyName }))}
      />
      <FiguresTable
        title="By user"
        csvUrl={analyticsCsvUrl("users", filter)}
        rows={data.users.map((u) => ({
          ...u,
          key: u.userId,
          name: u.fullName,
          detail: `${u.email} · ${u.companyName}`,
        }))}
      />
      <FiguresTable
        title="By agent"
        csvUrl={analyticsCsvUrl("agents", filter)}
        rows={data.agents.map((a) => ({ ...a, key: a.agentId, name: a.agentName, detail: a.companyName }))}
      />
      <p className="text-sm">
        <a className="text-primary-ink hover:underline" href={analyticsCsvUrl("daily", filter)} download>
          Download the daily figures as CSV
        </a>
      </p>
    </>
  );
}
