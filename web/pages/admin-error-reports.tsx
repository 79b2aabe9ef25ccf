/** /admin-error-reports: tabs Unresolved / Resolved / All; each unresolved report can be marked resolved. */
import * as Tabs from "@radix-ui/react-tabs";
import { useQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { useState } from "react";
import { PageHeader } from "../components/layout/page-header";
import { Card } from "../components/ui/card";
import { AdminGuard } from "../features/admin/admin-guard";
import { EmptyState, ErrorState, LoadingState } from "../features/admin/admin-states";
import { ErrorReportCard } from "../features/admin/error-report-card";
import { errorReportsQuery, type ReportFilter } from "../lib/admin-queries";

const TABS: { value: ReportFilter; label: string }[] = [
  { value: "unresolved", label: "Unresolved" },
  { value: "resolved", label: "Resolved" },
  { value: "all", label: "All" },
];

function ReportList({ filter }: { filter: ReportFilter }) {
  const reports = useQuery(errorReportsQuery(filter));
  if (reports.isPending) return <LoadingState />;
  if (reports.isError) return <ErrorState error={reports.error} />;
  if (reports.data.length === 0) {
    return (
      <Card>
        <EmptyState icon={Inbox} title="No error reports found" />
      </Card>
    );
  }
  return (
    <div className="space-y-3">
      {reports.data.map((report) => (
        <ErrorReportCard key={report.id} report={report} />
      ))}
    </div>
  );
}

export function AdminErrorReportsPage() {
  const [filter, setFilter] = useState<ReportFilter>("unresolved");
  return (
    <AdminGuard>
      <PageHeader title="Error Reports" description="Issues users reported. New ones arrive live." />
      <Tabs.Root value={filter} onValueChange={(v) => setFilter(v as ReportFilter)}>
        <Tabs.List aria-label="Filter error reports" className="mb-4 inline-flex rounded-lg bg-slate-100 p-1">
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="rounded-md px-4 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-surface data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value} className="focus-visible:outline-none">
            <ReportList filter={tab.value} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </AdminGuard>
  );
}
