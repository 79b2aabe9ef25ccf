/**
 * /admin-audit: the append-only audit log — approvals, denials, password resets, resets,
 * reads of other users' conversations, limit and quota changes — filtered by actor, action
 * and date, a page at a time, with the filtered list as CSV.
 */
import { useQuery } from "@tanstack/react-query";
import { Download, ScrollText } from "lucide-react";
import { useId, useState } from "react";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, QUOTA_LABELS, type AuditEntry } from "../../contracts/usage";
import { PageHeader } from "../components/layout/page-header";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Input, NativeSelect } from "../components/ui/input";
import { AdminGuard } from "../features/admin/admin-guard";
import { EmptyState, ErrorState, LoadingState } from "../features/admin/admin-states";
import { Pager } from "../features/admin/pager";
import { useDebouncedValue } from "../features/admin/use-debounced-value";
import { formatDateTime } from "../lib/admin-format";
import { auditCsvUrl, auditQuery, type AuditFilter } from "../lib/admin-queries";

export function AdminAuditPage() {
  const [actorText, setActorText] = useState("");
  const [filter, setFilter] = useState<Omit<AuditFilter, "actor">>({});
  const [page, setPage] = useState(1);
  const formId = useId();
  const actor = useDebouncedValue(actorText.trim(), 300);
  const full: AuditFilter = { ...filter, actor: actor || undefined };
  const audit = useQuery(auditQuery(full, page));
  const change = (next: Omit<AuditFilter, "actor">) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <AdminGuard>
      <PageHeader
        title="Audit Trail"
        description="Every administrative action, newest first. The log cannot be edited or deleted."
        actions={
          <Button asChild variant="outline" size="sm">
            <a href={auditCsvUrl(full)} download>
              <Download aria-hidden /> Download CSV
            </a>
          </Button>
        }
      />
      <div className="space-y-4">
        <div className="grid gap-3 rounded-xl border border-slate-200 bg-surface p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
          <div className="text-sm text-slate-700">
            <label htmlFor={`${formId}-actor`} className="block">
              Actor
            </label>
            <Input
              id={`${formId}-actor`}
              type="search"
              placeholder="Email contains…"
              value={actorText}
              onChange={(e) => {
                setActorText(e.target.value);
                setPage(1);
              }}
            />
          </div>
          <div className="text-sm text-slate-700">
            <label htmlFor={`${formId}-action`} className="block">
              Action
            </label>
            <NativeSelect
              id={`${formId}-action`}
              value={filter.action ?? ""}
              onChange={(e) => change({ ...filter, action: e.target.value || undefined })}
            >
              <option value="">All actions</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {AUDIT_ACTION_LABELS[action]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="text-sm text-slate-700">
            <label htmlFor={`${formId}-from`} className="block">
              From
            </label>
            <Input
              id={`${formId}-from`}
              type="date"
              value={filter.from ?? ""}
              onChange={(e) => change({ ...filter, from: e.target.value || undefined })}
            />
          </div>
          <div className="text-sm text-slate-700">
            <label htmlFor={`${formId}-to`} className="block">
              To
            </label>
            <Input
              id={`${formId}-to`}
              type="date"
              value={filter.to ?? ""}
              onChange={(e) => change({ ...filter, to: e.target.value || undefined })}
            />
          </div>
        </div>
        <Card>
          {audit.isPending ? (
            <LoadingState />
          ) : audit.isError ? (
            <ErrorState error={audit.error} />
          ) : audit.data.entries.length === 0 ? (
            <EmptyState icon={ScrollText} title="No audit entries found" />
          ) : (
            <>
              <ul className="divide-y divide-slate-100 md:hidden">
                {audit.data.entries.map((entry) => (
                  <li key={entry.id} className="space-y-1 p-4 text-sm">
                    <p className="font-medium text-slate-900">{labelOf(entry.action)}</p>
                    <p className="break-all text-slate-600">{entry.actorEmail}</p>
                    <p className="text-slate-600">{describe(entry)}</p>
                    <p className="text-xs text-slate-500">{formatDateTime(entry.createdAt)}</p>
                  </li>
                ))}
              </ul>
              <table className="hidden w-full text-left text-sm md:table">
                <thead>
                  <tr className="text-xs text-slate-500">
                    <th scope="col" className="px-4 py-2 font-medium">
                      When
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Actor
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Action
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Details
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {audit.data.entries.map((entry) => (
                    <tr key={entry.id} className="border-t border-slate-100 align-top">
                      <td className="whitespace-nowrap px-4 py-2 text-slate-600">{formatDateTime(entry.createdAt)}</td>
                      <td className="px-4 py-2">{entry.actorEmail}</td>
                      <td className="px-4 py-2 font-medium">{labelOf(entry.action)}</td>
                      <td className="px-4 py-2 text-slate-600">{describe(entry)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager page={page} pageSize={audit.data.pageSize} total={audit.data.total} onPage={setPage} />
            </>
          )}
        </Card>
      </div>
    </AdminGuard>
  );
}

function labelOf(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** The entry's detail in words, for the changes people look for most; raw fields otherwise. */
function describe(entry: AuditEntry): string {
  const d = entry.detail ?? {};
  const value = (v: unknown) => (v === null || v === undefined ? "no limit" : String(v));
  if (entry.action === "company.quota")
    return `${String(d.companyName)}: ${(QUOTA_LABELS as Record<string, string>)[String(d.quota)] ?? String(d.quota)} ${value(d.from)} → ${value(d.to)}`;
  if (entry.action === "company.knowledge_storage")
    return `${String(d.companyName)}: knowledge storage ${value(d.from)}${d.from == null ? "" : " MB"} → ${value(d.to)}${d.to == null ? "" : " MB"}`;
  if (entry.action === "company.agent_limit")
    return `${String(d.companyName)}: agent limit ${value(d.from)} → ${value(d.to)}`;
  const parts = Object.entries(d).map(([key, v]) => `${key}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`);
  const target = entry.targetType ? `${entry.targetType} ${entry.targetId ?? ""}`.trim() : "";
  return [target, ...parts].filter(Boolean).join(" · ") || "–";
}
