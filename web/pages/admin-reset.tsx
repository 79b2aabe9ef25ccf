/** /admin-reset: what a system reset wipes and what it keeps, then the two-step confirmation. */
import { Check, Trash2 } from "lucide-react";
import { PageHeader } from "../components/layout/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { AdminGuard } from "../features/admin/admin-guard";
import { SystemResetFlow } from "../features/admin/system-reset-flow";

const WIPED = [
  "All agents, of every user",
  "All conversations, text and voice, with their messages and recordings",
  "All error reports and company warnings",
  "Every user account except yours, and their sessions",
];
const KEPT = ["Your own account and this session", "Agent templates", "The audit log, which records this reset"];

export function AdminResetPage() {
  return (
    <AdminGuard>
      <PageHeader title="System Reset" description="Start over with an empty system. You will be asked twice." />
      <div className="grid gap-4 md:grid-cols-2">
        <Card className="border-red-200">
          <CardHeader>
            <CardTitle className="text-red-700">Deleted</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-2 text-sm">
              {WIPED.map((item) => (
                <li key={item} className="flex gap-2">
                  <Trash2 className="mt-0.5 size-4 shrink-0 text-red-500" aria-hidden /> {item}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Kept</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-2 text-sm">
              {KEPT.map((item) => (
                <li key={item} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden /> {item}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
      <div className="mt-6 flex justify-end">
        <SystemResetFlow />
      </div>
    </AdminGuard>
  );
}
