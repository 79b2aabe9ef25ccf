/** The analytics screen's outcomes (issue 26): achieved and fill rates, by agent and by company, with CSV. */
import { useQuery } from "@tanstack/react-query";
import { Target } from "lucide-react";
import type { OutcomeFigures } from "../../../contracts/outcomes";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { StatCard } from "../../components/ui/stat-card";
import { outcomeAnalyticsCsvUrl, outcomeAnalyticsQuery } from "./outcome-queries";

const percent = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 100)}%`);

interface Row extends OutcomeFigures {
  key: string;
  name: string;
  detail?: string;
}

function OutcomeTable({ title, rows, csvUrl }: { title: string; rows: Row[]; csvUrl: string }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>{title}</CardTitle>
        <a className="text-sm text-primary-ink hover:underline" href={csvUrl} download>
          CSV
        </a>
      </CardHeader>
      {/* On a phone the table scrolls sideways: focusable and named, so a keyboard can scroll it too. */}
      <CardContent className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${title} table`}>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-500">No outcomes in this range.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Outcomes
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Achieved
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Fields filled
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className="border-t border-slate-100">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {r.name}
                    {r.detail && <span className="block text-xs font-normal text-slate-500">{r.detail}</span>}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.outcomes}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{percent(r.achievedRate)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {r.fieldsFilled} / {r.fieldsTracked}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

export function OutcomeAnalyticsSection({ range }: { range: { from: string; to: string } }) {
  const report = useQuery(outcomeAnalyticsQuery(range));
  if (!report.data) return null;
  const { totals } = report.data;
  return (
    <section aria-labelledby="outcomes-heading" className="space-y-4">
      <h2 id="outcomes-heading" className="text-lg font-semibold">
        Outcomes
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Outcomes" value={totals.outcomes.toLocaleString()} icon={Target} testId="outcomes-count" />
        <StatCard label="Goal achieved" value={percent(totals.achievedRate)} icon={Target} testId="outcomes-achieved" />
        <StatCard label="Fields filled" value={percent(totals.fillRate)} icon={Target} testId="outcomes-filled" />
      </div>
      <OutcomeTable
        title="Outcomes by agent"
        csvUrl={outcomeAnalyticsCsvUrl("agents", range)}
        rows={report.data.agents.map((a) => ({ ...a, key: a.agentId, name: a.agentName, detail: a.companyName }))}
      />
      <OutcomeTable
        title="Outcomes by company"
        csvUrl={outcomeAnalyticsCsvUrl("companies", range)}
        rows={report.data.companies.map((c) => ({ ...c, key: c.companyId, name: c.companyName }))}
      />
      <p className="text-sm">
        <a className="text-primary-ink hover:underline" href={outcomeAnalyticsCsvUrl("values", range)} download>
          Download each agent's field values as CSV
        </a>
      </p>
    </section>
  );
}
