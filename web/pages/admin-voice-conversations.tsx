/**
 * /admin-voice-conversations: a split view, list | messages. On phones the list comes first
 * and a chosen conversation replaces it; the choice lives in the URL (?c=) so Back works.
 */
import { useQuery } from "@tanstack/react-query";
import { Mic } from "lucide-react";
import { useLocation, useSearch } from "wouter";
import { PageHeader } from "../components/layout/page-header";
import { Card } from "../components/ui/card";
import { AdminGuard } from "../features/admin/admin-guard";
import { EmptyState, ErrorState, LoadingState } from "../features/admin/admin-states";
import { DeletedByUserBadge, SecurityLockBadge } from "../features/admin/conversation-summary";
import { VoiceConversationDetail } from "../features/admin/voice-conversation-detail";
import { formatDateTime, formatDuration } from "../lib/admin-format";
import { voiceConversationsQuery } from "../lib/admin-queries";
import { cn } from "../lib/class-names";

const PATH = "/admin-voice-conversations";

export function AdminVoiceConversationsPage() {
  const conversations = useQuery(voiceConversationsQuery);
  const selectedId = new URLSearchParams(useSearch()).get("c");
  const [, navigate] = useLocation();
  const selected = conversations.data?.find((c) => c.id === selectedId) ?? null;

  return (
    <AdminGuard>
      <PageHeader
        title="Voice Conversations"
        description="Voice sessions of every user, with their transcripts and saved recordings."
      />
      {conversations.isPending ? (
        <LoadingState />
      ) : conversations.isError ? (
        <ErrorState error={conversations.error} />
      ) : conversations.data.length === 0 ? (
        <Card>
          <EmptyState icon={Mic} title="No voice conversations yet" />
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] md:items-start">
          <Card
            className={cn(
              "overflow-hidden md:max-h-[calc(100vh-12rem)] md:overflow-y-auto",
              selected && "hidden md:block",
            )}
          >
            <ul className="divide-y divide-slate-100" aria-label="Voice conversations">
              {conversations.data.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    onClick={() => navigate(`${PATH}?c=${c.id}`)}
                    aria-current={c.id === selected?.id ? "true" : undefined}
                    className={cn(
                      "w-full space-y-1 p-4 text-left hover:bg-slate-50",
                      c.id === selected?.id && "bg-primary-soft hover:bg-primary-soft",
                    )}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate text-sm font-medium text-slate-900">{c.userName}</span>
                      <span className="shrink-0 text-xs tabular-nums text-slate-500">{formatDuration(c.duration)}</span>
                    </span>
                    <span className="flex items-center gap-2">
                      <span className="truncate text-xs text-slate-500">with {c.agentName}</span>
                      <SecurityLockBadge conversation={c} />
                      <DeletedByUserBadge conversation={c} />
                    </span>
                    <span className="block text-xs text-slate-500">{formatDateTime(c.updatedAt)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </Card>
          <Card className={cn("min-w-0 p-4 sm:p-5", !selected && "hidden md:block")}>
            {selected ? (
              <VoiceConversationDetail key={selected.id} conversation={selected} onBack={() => navigate(PATH)} />
            ) : (
              <EmptyState icon={Mic} title="Choose a conversation" hint="Its messages and recordings show here." />
            )}
          </Card>
        </div>
      )}
    </AdminGuard>
  );
}
