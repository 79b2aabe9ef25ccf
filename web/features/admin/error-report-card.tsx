/** One error report: severity, type, message, details, where it happened, who sent it, and Mark Resolved. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import type { ErrorReport, Severity } from "../../../contracts/reports";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { capitalize, formatDateTime } from "../../lib/admin-format";
import { resolveReportMutation } from "../../lib/admin-queries";
import { toast } from "../../lib/toast-store";

const SEVERITY_VARIANT: Record<Severity, "muted" | "default" | "warning" | "destructive"> = {
  low: "muted",
  medium: "default",
  high: "warning",
  critical: "destructive",
};

export function ErrorReportCard({ report }: { report: ErrorReport }) {
  const queryClient = useQueryClient();
  const resolve = useMutation(resolveReportMutation(queryClient));
  const markResolved = () =>
    resolve.mutate(report.id, {
      onSuccess: () => toast({ title: "Report Resolved", description: "The error report was marked as resolved." }),
      onError: () => toast({ title: "Error", description: "Failed to resolve error report", variant: "destructive" }),
    });

  return (
    <Card className="p-4 sm:p-5" data-testid="error-report">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={SEVERITY_VARIANT[report.severity]}>{capitalize(report.severity)}</Badge>
            <Badge variant="outline">{capitalize(report.errorType)}</Badge>
            {report.resolved && <Badge variant="success">Resolved</Badge>}
            <span className="text-xs text-slate-500">{formatDateTime(report.createdAt)}</span>
          </div>
          <p className="whitespace-pre-wrap break-words font-medium text-slate-900">{report.message}</p>
          {report.details && <p className="whitespace-pre-wrap break-words text-sm text-slate-600">{report.details}</p>}
          <dl className="space-y-0.5 text-xs text-slate-500">
            <div className="flex gap-1">
              <dt>From:</dt>
              <dd className="min-w-0 truncate">
                {report.userEmail ? `${report.userName} (${report.userEmail})` : "Deleted user"}
              </dd>
            </div>
            {report.url && (
              <div className="flex gap-1">
                <dt>Page:</dt>
                {/* Shown as text, never as a link: the reporter chose this string. */}
                <dd className="min-w-0 break-all">{report.url}</dd>
              </div>
            )}
            {report.resolvedAt && (
              <div className="flex gap-1">
                <dt>Resolved:</dt>
                <dd>{formatDateTime(report.resolvedAt)}</dd>
              </div>
            )}
          </dl>
        </div>
        {!report.resolved && (
          <Button
            variant="outline"
            size="sm"
            className="shrink-0 self-start"
            onClick={markResolved}
            disabled={resolve.isPending}
          >
            <CheckCircle2 aria-hidden /> Mark Resolved
          </Button>
        )}
      </div>
    </Card>
  );
}
