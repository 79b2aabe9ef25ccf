/** The signed-in frame: a skip link, sidebar on desktop, top bar + slide-in menu on phones, the keyboard shortcuts. */
import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { KeyboardShortcuts } from "../../features/shortcuts/keyboard-shortcuts";
import { useAuth } from "../../lib/auth";
import { MobileMenu } from "./mobile-menu";
import { Sidebar } from "./sidebar";

// Loaded when needed, not with every signed-in page: the report form (and the zod schema it
// checks with) when Report Issue is pressed, the live channel (and the admin query keys) for admins.
const loadReportIssueDialog = () => import("../../features/reports/report-issue-dialog");
const ReportIssueDialog = lazy(() => loadReportIssueDialog().then((module) => ({ default: module.ReportIssueDialog })));
const AdminLiveChannel = lazy(() =>
  import("../../features/admin/admin-live-channel").then((module) => ({ default: module.AdminLiveChannel })),
);

export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [reporting, setReporting] = useState(false);
  const [reportLoaded, setReportLoaded] = useState(false);
  const report = () => {
    setReportLoaded(true);
    setReporting(true);
  };
  // Report Issue on a phone sits in the menu, which closes as the dialog opens: focus then goes
  // back to the menu's button.
  const menuButton = useRef<HTMLButtonElement>(null);
  if (!user) return null;
  return (
    <KeyboardShortcuts>
      <div className="flex min-h-screen">
        <SkipToMain />
        <Sidebar user={user} onReportIssue={report} />
        <div className="flex min-w-0 flex-1 flex-col">
          <MobileMenu user={user} onReportIssue={report} menuButtonRef={menuButton} />
          {/* Focusable from script only, so the skip link can move focus (and the next Tab) into it. */}
          <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 p-4 outline-none sm:p-6 lg:p-8">
            {children}
          </main>
        </div>
        <Suspense fallback={null}>
          {reportLoaded && (
            <ReportIssueDialog open={reporting} onOpenChange={setReporting} returnFocusTo={() => menuButton.current} />
          )}
          {user.isAdmin && <AdminLiveChannel />}
        </Suspense>
      </div>
    </KeyboardShortcuts>
  );
}

/** The first thing a keyboard user reaches: hidden until focused, it jumps past the navigation. */
function SkipToMain() {
  return (
    <a
      href="#main"
      onClick={(event) => {
        // Focus, not only scroll: the next Tab must continue inside the page, not in the sidebar.
        event.preventDefault();
        document.getElementById("main")?.focus();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[200] focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-ink focus:shadow-lg focus:ring-2 focus:ring-primary"
    >
      Skip to main content
    </a>
  );
}
