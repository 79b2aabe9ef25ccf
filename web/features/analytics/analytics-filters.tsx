/** The analytics screen's range (7, 30, 90 days or custom) and its company and agent filters. */
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import type { AnalyticsReport } from "../../../contracts/usage";
import { Button } from "../../components/ui/button";
import { Input, NativeSelect } from "../../components/ui/input";
import { companiesQuery, type AnalyticsFilter } from "../../lib/admin-queries";
import { utcDateDaysAgo } from "./figure-format";

export type RangeChoice = 7 | 30 | 90 | "custom";
const CHOICES: RangeChoice[] = [7, 30, 90, "custom"];

export function rangeOf(choice: Exclude<RangeChoice, "custom">): Pick<AnalyticsFilter, "from" | "to"> {
  return { from: utcDateDaysAgo(choice - 1), to: utcDateDaysAgo(0) };
}

export function AnalyticsFilters({
  choice,
  filter,
  agents,
  onChoice,
  onFilter,
}: {
  choice: RangeChoice;
  filter: AnalyticsFilter;
  agents: AnalyticsReport["agents"];
  onChoice: (choice: RangeChoice) => void;
  onFilter: (filter: AnalyticsFilter) => void;
}) {
  const companies = useQuery(companiesQuery);
  const formId = useId();
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-surface p-4 shadow-sm lg:flex-row lg:flex-wrap lg:items-end">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Range</legend>
        <div className="flex flex-wrap gap-1" role="group">
          {CHOICES.map((c) => (
            <Button
              key={c}
              type="button"
              size="sm"
              variant={c === choice ? "default" : "outline"}
              aria-pressed={c === choice}
              onClick={() => onChoice(c)}
            >
              {c === "custom" ? "Custom" : `${c} days`}
            </Button>
          ))}
        </div>
      </fieldset>
      {choice === "custom" && (
        <div className="flex gap-2">
          <div className="text-sm text-slate-700">
            <label htmlFor={`${formId}-from`} className="block">
              From
            </label>
            <Input
              id={`${formId}-from`}
              type="date"
              value={filter.from}
              max={filter.to}
              onChange={(e) => e.target.value && onFilter({ ...filter, from: e.target.value })}
            />
          </div>
          <div className="text-sm text-slate-700">
            <label htmlFor={`${formId}-to`} className="block">
              To
            </label>
            <Input
              id={`${formId}-to`}
              type="date"
              value={filter.to}
              min={filter.from}
              onChange={(e) => e.target.value && onFilter({ ...filter, to: e.target.value })}
            />
          </div>
        </div>
      )}
      <div className="text-sm text-slate-700 lg:w-56">
        <label htmlFor={`${formId}-company`} className="block">
          Company
        </label>
        <NativeSelect
          id={`${formId}-company`}
          value={filter.companyId ?? ""}
          onChange={(e) => onFilter({ ...filter, companyId: e.target.value || undefined, agentId: undefined })}
        >
          <option value="">All companies</option>
          {(companies.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.companyName}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="text-sm text-slate-700 lg:w-56">
        <label htmlFor={`${formId}-agent`} className="block">
          Agent
        </label>
        <NativeSelect
          id={`${formId}-agent`}
          value={filter.agentId ?? ""}
          onChange={(e) => onFilter({ ...filter, agentId: e.target.value || undefined })}
        >
          <option value="">All agents</option>
          {agents.map((a) => (
            <option key={a.agentId} value={a.agentId}>
              {a.agentName} ({a.companyName})
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
