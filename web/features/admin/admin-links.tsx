/** The Admin Panel's way into every other admin screen. */
import {
  AlertTriangle,
  BarChart3,
  Building2,
  ChevronRight,
  MessageSquare,
  Mic,
  RotateCcw,
  ScrollText,
  Users,
  Wrench,
  type LucideIcon,
} from "lucide-react";
import { Link } from "wouter";
import { cn } from "../../lib/class-names";

interface AdminLink {
  label: string;
  href: string;
  description: string;
  icon: LucideIcon;
  danger?: boolean;
}

const LINKS: AdminLink[] = [
  { label: "User Management", href: "/admin-users", description: "Search, approve and deny users", icon: Users },
  {
    label: "Company Management",
    href: "/admin-companies",
    description: "Companies, their agents and warnings",
    icon: Building2,
  },
  {
    label: "All Conversations",
    href: "/admin-conversations",
    description: "Every text conversation",
    icon: MessageSquare,
  },
  {
    label: "Voice Conversations",
    href: "/admin-voice-conversations",
    description: "Voice sessions and recordings",
    icon: Mic,
  },
  {
    label: "Analytics",
    href: "/admin-analytics",
    description: "Usage by day, company, user and agent",
    icon: BarChart3,
  },
  {
    label: "Audit Trail",
    href: "/admin-audit",
    description: "Every administrative action",
    icon: ScrollText,
  },
  {
    label: "Tool Policy",
    href: "/admin-tool-policy",
    description: "Hosts agents' tools may reach, and their limits",
    icon: Wrench,
  },
  {
    label: "Error Reports",
    href: "/admin-error-reports",
    description: "Issues reported by users",
    icon: AlertTriangle,
  },
  {
    label: "System Reset",
    href: "/admin-reset",
    description: "Wipe agents, conversations and users",
    icon: RotateCcw,
    danger: true,
  },
];

export function AdminLinks() {
  return (
    <nav aria-label="Admin screens" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {LINKS.map(({ label, href, description, icon: Icon, danger }) => (
        <Link
          key={href}
          href={href}
          className="group flex items-center gap-2 rounded-xl border border-slate-200 bg-surface p-3 shadow-sm transition-colors hover:border-primary/40 hover:bg-primary-soft/40 sm:gap-3 sm:p-4"
        >
          <span
            className={cn(
              "flex size-8 shrink-0 items-center justify-center rounded-lg sm:size-10",
              danger ? "bg-red-50 text-red-600" : "bg-primary-soft text-primary-ink",
            )}
          >
            <Icon className="size-5" aria-hidden />
          </span>
          <span className="min-w-0 flex-1">
            <span
              className={cn(
                "block text-[13px] font-semibold leading-tight sm:text-sm",
                danger ? "text-red-700" : "text-slate-900",
              )}
            >
              {label}
            </span>
            <span className="hidden truncate text-xs text-slate-500 sm:block">{description}</span>
          </span>
          <ChevronRight
            className="hidden size-4 shrink-0 text-slate-400 group-hover:text-primary-ink sm:block"
            aria-hidden
          />
        </Link>
      ))}
    </nav>
  );
}
