/** Phone layout: a top bar and a slide-in panel; Logout navigates to GET /api/logout (spec). */
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Bug, LogOut, Menu, X } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import type { User } from "../../../contracts/auth";
import { cn } from "../../lib/class-names";
import { Button } from "../ui/button";
import { Logo } from "./logo";
import { isActivePath, mobileAdminItems, mobileItems } from "./nav-items";
import { UserSummary } from "./user-summary";

export function MobileMenu({ user, onReportIssue }: { user: User; onReportIssue: () => void }) {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const items = user.isAdmin ? [...mobileItems, ...mobileAdminItems] : mobileItems;
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 md:hidden">
      <Logo />
      <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
        <DialogPrimitive.Trigger asChild>
          <Button variant="ghost" size="icon" aria-label="Open menu">
            <Menu aria-hidden />
          </Button>
        </DialogPrimitive.Trigger>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl"
          >
            <div className="flex h-14 items-center justify-between border-b border-slate-200 px-4">
              <DialogPrimitive.Title className="font-semibold">Menu</DialogPrimitive.Title>
              <DialogPrimitive.Close asChild>
                <Button variant="ghost" size="icon" aria-label="Close menu">
                  <X aria-hidden />
                </Button>
              </DialogPrimitive.Close>
            </div>
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
                          ? "bg-primary-soft text-primary"
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
                <a href="/api/logout">
                  <LogOut aria-hidden /> Logout
                </a>
              </Button>
            </div>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    </header>
  );
}
