/**
 * The dashboard's usage card: the company's use against each quota this day or month, its tool
 * calls today against the tool policy's daily cap, when each resets, and a notice once a quota
 * is QUOTA_WARNING_PERCENT used.
 */
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import type { UsageSummary } from "../../../contracts/usage";
import { QUOTA_LABELS, QUOTA_NAMES, QUOTA_WARNING_PERCENT, type QuotaName } from "../../../contracts/usage-limits";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { formatDateTime } from "../../lib/admin-format";
import { cn } from "../../lib/class-names";
import { usageQuery } from "./usage-queries";

const usedOf = (usage: UsageSummary, quota: QuotaName): number =>
  quota === "messagesPerDay"
    ? usage.used.messagesToday
    : quota === "tokensPerMonth"
      ? usage.used.tokensThisMonth
      : usage.used.voiceMinutesThisMonth;

export function UsageCard() {
  const usage = useQuery(usageQuery);
  const data = usage.data;
  return (
    <Card data-testid="usage-card">
      <CardHeader>
        <CardTitle>Usage</CardTitle>
        <CardDescription>
          {data ? `${data.companyName}, this day and month (UTC)` : "Your company's usage"}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!data ? (
          <p className="text-sm text-slate-500">{usage.isError ? "Usage is not available right now." : "Loading..."}</p>
        ) : (
          <>
            {data.nearLimit.length > 0 && (
              <p role="status" className="flex gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>
                  Your company has used {QUOTA_WARNING_PERCENT}% or more of its{" "}
                  {data.nearLimit.map((quota) => QUOTA_LABELS[quota]).join(" and ")}. Ask an administrator if you need
                  more.
                </span>
              </p>
            )}
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {QUOTA_NAMES.map((quota) => (
                <QuotaMeter
                  key={quota}
                  label={QUOTA_LABELS[quota]}
                  used={usedOf(data, quota)}
                  limit={data.quotas[quota]}
                  resetsAt={data.resetsAt[quota]}
                />
              ))}
              <QuotaMeter
                label="tool calls per day"
                used={data.toolCalls.today}
                limit={data.toolCalls.perDay}
                resetsAt={data.toolCalls.resetsAt}
              />
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function QuotaMeter({
  label,
  used,
  limit,
  resetsAt,
}: {
  label: string;
  used: number;
  limit: number | null;
  resetsAt: string;
}) {
  const percent = limit ? Math.min(100, Math.round((used / limit) * 100)) : limit === 0 ? 100 : 0;
  return (
    <li className="space-y-1.5">
      <p className="text-sm font-medium capitalize text-slate-700">{label}</p>
      <p className="text-lg font-semibold tabular-nums">
        {used.toLocaleString()}
        <span className="text-sm font-normal text-slate-500">
          {" "}
          / {limit === null ? "no limit" : limit.toLocaleString()}
        </span>
      </p>
      {limit !== null && (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className={cn("h-full rounded-full", percent >= QUOTA_WARNING_PERCENT ? "bg-amber-500" : "bg-primary")}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      <p className="text-xs text-slate-500">Resets {formatDateTime(resetsAt)}</p>
    </li>
  );
}
