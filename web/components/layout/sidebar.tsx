/** Desktop sidebar: navigation, the Administration group for admins, the user, the shortcuts list, Report Issue and Logout. */
import { Bug, Keyboard, LogOut } from "lucide-react";
import { Link, useLocation } from "wouter";
import type { User } from "../../../contracts/auth";
import { useShowShortcuts } from "../../features/shortcuts/keyboard-shortcuts";
import { cn } from "../../lib/class-names";
import { Button } from "../ui/button";
import { adminItems, isActivePath, sidebarItems, type NavItem } from "./nav-items";
import { useLogout } from "./use-logout";
import { ThemeSwitch } from "./theme-switch";
import { UserSummary } from "./user-summary";
import { Logo } from "./logo";

function NavList({ items, current }: { items: NavItem[]; current: string }) {
  return (
    <ul className="space-y-1">
      {items.map(({ label, href, icon: Icon }) => {
        const active = isActivePath(current, href);
        return (
          <li key={href}>
            <Link
              href={href}
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                active ? "bg-primary-soft text-primary-ink" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
              )}
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function Sidebar({ user, onReportIssue }: { user: User; onReportIssue: () => void }) {
  const [location] = useLocation();
  const logout = useLogout();
  const showShortcuts = useShowShortcuts();
  return (
    // Sticky at the height of the window: on a long page the navigation stays in view (issue 23).
    <aside
      className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col border-r border-slate-200 bg-surface md:flex"
      aria-label="Sidebar"
    >
      <div className="flex h-16 items-center border-b border-slate-200 px-5">
        <Logo />
      </div>
      <nav className="flex-1 space-y-6 overflow-y-auto p-3" aria-label="Main">
        <NavList items={sidebarItems} current={location} />
        {user.isAdmin && (
          <div>
            <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Administration</p>
            <NavList items={adminItems} current={location} />
          </div>
        )}
      </nav>
      <div className="space-y-3 border-t border-slate-200 p-3">
        <UserSummary user={user} />
        <ThemeSwitch />
        <Button variant="ghost" size="sm" className="w-full justify-start" onClick={showShortcuts}>
          <Keyboard aria-hidden /> Keyboard shortcuts
        </Button>
        <div className="grid grid-cols-2 gap-2">
          <Button variant="outline" size="sm" onClick={onReportIssue}>
            <Bug aria-hidden /> Report Issue
          </Button>
          <Button variant="ghost" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
            <LogOut aria-hidden /> Logout
          </Button>
        </div>
      </div>
    </aside>
  );
}
