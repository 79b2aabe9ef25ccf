/** The signed-in frame: sidebar on desktop, top bar + slide-in menu on phones. */
import { useState, type ReactNode } from "react";
import { useAuth } from "../../lib/auth";
import { ReportIssueDialog } from "../../features/reports/report-issue-dialog";
import { AdminLiveChannel } from "../../features/admin/admin-live-channel";
import { MobileMenu } from "./mobile-menu";
import { Sidebar } from "./sidebar";

export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [reporting, setReporting] = useState(false);
  if (!user) return null;
  return (
    <div className="flex min-h-screen">
      <Sidebar user={user} onReportIssue={() => setReporting(true)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <MobileMenu user={user} onReportIssue={() => setReporting(true)} />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 p-4 sm:p-6 lg:p-8">
          {children}
        </main>
      </div>
      <ReportIssueDialog open={reporting} onOpenChange={setReporting} />
      {user.isAdmin && <AdminLiveChannel />}
    </div>
  );
}
