/** One company, collapsible: its first user up top with 'n/10 Agents'; users, agents and warnings inside. */
import * as Collapsible from "@radix-ui/react-collapsible";
import { AlertTriangle, Bot, ChevronDown, Gauge, Mail, Phone, Users } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "wouter";
import type { CompanyEntry } from "../../../contracts/admin";
import { AgentStatusBadge } from "../agents/agent-status-badge";
import { Badge } from "../../components/ui/badge";
import { formatDateTime } from "../../lib/admin-format";
import { cn } from "../../lib/class-names";
import { ApprovalBadge } from "./approval-badge";
import { CompanyLimitsForm } from "./company-limits-form";

function Section({
  icon: Icon,
  title,
  count,
  children,
}: {
  icon: typeof Users;
  title: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section className="min-w-0">
      <h3 className="mb-2 flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
        <Icon className="size-3.5" aria-hidden /> {title} ({count})
      </h3>
      {children}
    </section>
  );
}

export function CompanyCard({ company }: { company: CompanyEntry }) {
  const [open, setOpen] = useState(false);
  const full = company.totalAgents >= company.agentLimit;
  return (
    <Collapsible.Root
      open={open}
      onOpenChange={setOpen}
      className="rounded-xl border border-slate-200 bg-surface shadow-sm"
    >
      <Collapsible.Trigger className="flex w-full items-start gap-3 p-4 text-left hover:bg-slate-50 sm:items-center sm:p-5">
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{company.companyName}</span>
            <Badge variant={full ? "destructive" : "muted"}>
              {company.totalAgents}/{company.agentLimit} Agents
            </Badge>
            {company.quotas.messagesPerDay !== null && (
              <Badge variant="muted">{company.quotas.messagesPerDay.toLocaleString()} messages/day</Badge>
            )}
            {company.warnings.length > 0 && (
              <Badge variant="warning">
                {company.warnings.length} warning{company.warnings.length === 1 ? "" : "s"}
              </Badge>
            )}
          </div>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-500">
            <span className="font-medium text-slate-700">{company.user.fullName}</span>
            <span className="inline-flex min-w-0 max-w-full items-center gap-1">
              <Mail className="size-3.5 shrink-0" aria-hidden /> <span className="truncate">{company.user.email}</span>
            </span>
            <span className="inline-flex items-center gap-1">
              <Phone className="size-3.5" aria-hidden /> {company.user.phone}
            </span>
          </p>
        </div>
        <span className="flex shrink-0 items-center gap-1 text-xs text-slate-500">
          <Users className="size-3.5" aria-hidden /> {company.users.length}
          <ChevronDown className={cn("size-4 transition-transform", open && "rotate-180")} aria-hidden />
        </span>
      </Collapsible.Trigger>
      <Collapsible.Content className="grid gap-5 border-t border-slate-100 p-4 sm:p-5 lg:grid-cols-3">
        <section className="min-w-0 lg:col-span-3">
          <h3 className="mb-2 flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
            <Gauge className="size-3.5" aria-hidden /> Limits and quotas
          </h3>
          <CompanyLimitsForm company={company} />
        </section>
        <Section icon={Users} title="Users" count={company.users.length}>
          <ul className="space-y-2">
            {company.users.map((u) => (
              <li key={u.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0">
                  <Link
                    href={`/admin/users/${u.id}`}
                    className="block truncate font-medium hover:text-primary-ink hover:underline"
                  >
                    {u.fullName}
                  </Link>
                  <span className="block truncate text-xs text-slate-500">{u.email}</span>
                </span>
                <ApprovalBadge status={u.approvalStatus} />
              </li>
            ))}
          </ul>
        </Section>
        <Section icon={Bot} title="Agents" count={company.agents.length}>
          {company.agents.length === 0 ? (
            <p className="text-sm text-slate-500">No agents yet</p>
          ) : (
            <ul className="space-y-2">
              {company.agents.map((a) => (
                <li key={a.id} className="flex items-center justify-between gap-2 text-sm">
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{a.name}</span>
                    <span className="block truncate text-xs capitalize text-slate-500">{a.role ?? a.type}</span>
                  </span>
                  <AgentStatusBadge isActive={a.isActive} />
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section icon={AlertTriangle} title="Warnings" count={company.warnings.length}>
          {company.warnings.length === 0 ? (
            <p className="text-sm text-slate-500">No warnings</p>
          ) : (
            <ul className="space-y-2">
              {company.warnings.map((w, i) => (
                <li key={`${w.timestamp}-${i}`} className="rounded-md bg-amber-50 px-3 py-2 text-sm">
                  <span className="font-medium text-amber-900">{w.agentName}</span>
                  <span className="block text-xs text-amber-800">
                    Prompt-injection attempt · {formatDateTime(w.timestamp)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
