/** /admin-conversations: every user's text conversations, latest activity first. */
import { useQuery } from "@tanstack/react-query";
import { ChevronRight, MessageSquare } from "lucide-react";
import { Link } from "wouter";
import { PageHeader } from "../components/layout/page-header";
import { Card } from "../components/ui/card";
import { AdminGuard } from "../features/admin/admin-guard";
import { EmptyState, ErrorState, LoadingState } from "../features/admin/admin-states";
import { DeletedByUserBadge, SecurityLockBadge } from "../features/admin/conversation-summary";
import { formatDateTime } from "../lib/admin-format";
import { conversationsQuery } from "../lib/admin-queries";

export function AdminConversationsPage() {
  const conversations = useQuery(conversationsQuery);
  return (
    <AdminGuard>
      <PageHeader
        title="All Conversations"
        description="Text conversations of every user. Opening one is recorded in the audit log."
      />
      <Card>
        {conversations.isPending ? (
          <LoadingState />
        ) : conversations.isError ? (
          <ErrorState error={conversations.error} />
        ) : conversations.data.length === 0 ? (
          <EmptyState icon={MessageSquare} title="No conversations yet" />
        ) : (
          <ul className="divide-y divide-slate-100">
            {conversations.data.map((c) => (
              <li key={c.id}>
                <Link href={`/admin/conversation/${c.id}`} className="flex items-center gap-3 p-4 hover:bg-slate-50">
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="truncate font-medium text-slate-900">{c.title || "Untitled Conversation"}</span>
                      <SecurityLockBadge conversation={c} />
                      <DeletedByUserBadge conversation={c} />
                    </div>
                    <p className="truncate text-sm text-slate-500">
                      {c.userName} ({c.userEmail}) with {c.agentName}
                    </p>
                  </div>
                  <div className="hidden shrink-0 text-right text-xs text-slate-500 sm:block">
                    <p>{c.messageCount} messages</p>
                    <p>{formatDateTime(c.updatedAt)}</p>
                  </div>
                  <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </AdminGuard>
  );
}
