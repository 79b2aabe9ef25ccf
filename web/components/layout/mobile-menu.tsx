/** Phone layout: a top bar and a slide-in panel; Logout navigates to GET /api/logout (spec). */
import { apiUrl } from "../../../contracts/api-routes";
import { Bug, LogOut, Menu } from "lucide-react";
import { useState, type RefObject } from "react";
import { Link, useLocation } from "wouter";
import type { User } from "../../../contracts/auth";
import { cn } from "../../lib/class-names";
import { Button } from "../ui/button";
import { Sheet } from "../ui/sheet";
import { Logo } from "./logo";
import { isActivePath, mobileAdminItems, mobileItems } from "./nav-items";
import { ThemeSwitch } from "./theme-switch";
import { UserSummary } from "./user-summary";

export function MobileMenu({
  user,
  onReportIssue,
  menuButtonRef,
}: {
  user: User;
  onReportIssue: () => void;
  menuButtonRef?: RefObject<HTMLButtonElement | null>;
}) {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const items = user.isAdmin ? [...mobileItems, ...mobileAdminItems] : mobileItems;
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-surface px-4 md:hidden">
      <Logo />
      <Sheet
        open={open}
        onOpenChange={setOpen}
        side="right"
        title="Menu"
        closeLabel="Close menu"
        className="w-72 max-w-[85vw]"
        trigger={
          <Button ref={menuButtonRef} variant="ghost" size="icon" aria-label="Open menu">
            <Menu aria-hidden />
          </Button>
        }
      >
        <div className="border-b border-slate-200 p-4">
          <UserSummary user={user} />
        </div>
        <nav className="flex-1 p-3" aria-label="Mobile">
          <ul className="space-y-1">
            {items.map(({ label, href, icon: Icon }) => (
              <li key={href}>
                <Link
                  href={href}
                  onClick={() => setOpen(false)}
                  aria-current={isActivePath(location, href) ? "page" : undefined}
                  className={cn(
                    "flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium",
                    isActivePath(location, href)
                      ? "bg-primary-soft text-primary-ink"
                      : "text-slate-700 hover:bg-slate-100",
                  )}
                >
                  <Icon className="size-4" aria-hidden />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid gap-2 border-t border-slate-200 p-3">
          <ThemeSwitch />
          <Button
            variant="outline"
            onClick={() => {
              setOpen(false);
              onReportIssue();
            }}
          >
            <Bug aria-hidden /> Report Issue
          </Button>
          <Button variant="ghost" asChild>
            <a href={apiUrl("signOutLink")}>
              <LogOut aria-hidden /> Logout
            </a>
          </Button>
        </div>
      </Sheet>
    </header>
  );
}
