/**
 * /live/{id} (issue 26): one conversation with an agent, for its owner (admins also have the full
 * record under /admin/conversation/{id}): who is talking, the transcript as its user sees it —
 * a person's replies named — updating live, and Take over / write / Hand back.
 */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, MessageSquare, MessageSquareOff } from "lucide-react";
import { Link, useParams } from "wouter";
import type { ChatMessage } from "../../contracts/chat";
import { PageHeader } from "../components/layout/page-header";
import { Badge } from "../components/ui/badge";
import { Card, CardContent } from "../components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "../features/admin/admin-states";
import { TakeoverPanel } from "../features/takeover/takeover-panel";
import { liveConversationQuery, takeoverKeys } from "../features/takeover/takeover-queries";
import { useConversationLive } from "../features/takeover/use-conversation-live";
import { formatDateTime } from "../lib/admin-format";
import { ApiError } from "../lib/api";
import { useAuth } from "../lib/auth";
import { cn } from "../lib/class-names";

export function LiveConversationPage() {
  const { id = "" } = useParams<{ id: string }>();
  const { isAdmin } = useAuth();
  const detail = useQuery(liveConversationQuery(id));
  const missing = detail.error instanceof ApiError && detail.error.status === 404;
  // The user's messages appear as they are sent, and the hold as it changes.
  const hold = useConversationLive(detail.isSuccess ? id : null, takeoverKeys.detail(id));

  return (
    <>
      <Link href="/live" className="mb-4 inline-flex items-center gap-1 text-sm text-slate-500 hover:text-primary-ink">
        <ArrowLeft className="size-4" aria-hidden /> Live
      </Link>
      {detail.isPending ? (
        <LoadingState />
      ) : missing ? (
        <Card>
          <EmptyState icon={MessageSquareOff} title="Conversation not found." />
        </Card>
      ) : detail.isError ? (
        <ErrorState error={detail.error} />
      ) : (
        <>
          <PageHeader
            title={detail.data.conversation.title || "Untitled Conversation"}
            description={`${detail.data.conversation.userName} with ${detail.data.conversation.agentName}`}
            actions={
              isAdmin ? (
                <Link href={`/admin/conversation/${id}`} className="text-sm text-primary-ink underline">
                  Full record
                </Link>
              ) : undefined
            }
          />
          <div className="space-y-4">
            {detail.data.conversation.kind === "voice" && (
              <p className="text-sm text-slate-600">
                <Badge variant="muted">Voice call</Badge> What you write is spoken to the caller in the agent&apos;s
                voice.
              </p>
            )}
            <TakeoverPanel conversationId={id} state={hold} />
            <Card>
              <CardContent className="p-4 sm:p-5">
                <LiveTranscript
                  messages={detail.data.messages}
                  agentName={detail.data.conversation.agentName}
                  userName={detail.data.conversation.userName}
                />
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </>
  );
}

function LiveTranscript({
  messages,
  agentName,
  userName,
}: {
  messages: ChatMessage[];
  agentName: string;
  userName: string;
}) {
  if (messages.length === 0) return <EmptyState icon={MessageSquare} title="No messages yet" />;
  return (
    <ol className="space-y-3" aria-label="Messages">
      {messages.map((message) => {
        const mine = message.role === "user";
        const author = mine ? userName : (message.authorName ?? agentName);
        return (
          <li key={message.id} className={cn("flex", mine ? "justify-start" : "justify-end")}>
            <div
              className={cn(
                "max-w-[85%] rounded-2xl px-4 py-2.5 sm:max-w-[75%]",
                mine ? "bg-slate-100 text-slate-900" : "bg-primary text-white",
              )}
            >
              <div className={cn("mb-1 flex flex-wrap gap-2 text-xs", mine ? "text-slate-600" : "text-white")}>
                <span className="font-medium">{author}</span>
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </div>
              <p className="whitespace-pre-wrap break-words text-sm">{message.content}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
