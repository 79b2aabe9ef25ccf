/** /admin/conversation/{id}: one conversation and its messages; 'Conversation not found.' when missing. */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, MessageSquareOff } from "lucide-react";
import { Link, useParams } from "wouter";
import { PageHeader } from "../components/layout/page-header";
import { Card, CardContent } from "../components/ui/card";
import { AdminGuard } from "../features/admin/admin-guard";
import { EmptyState, ErrorState, LoadingState } from "../features/admin/admin-states";
import { ConversationFacts, DeletedByUserBadge, SecurityLockBadge } from "../features/admin/conversation-summary";
import { MessageList } from "../features/admin/message-list";
import { ConversationToolSteps } from "../features/admin/conversation-tool-steps";
import { OutcomePanel } from "../features/outcomes/outcome-panel";
import { TakeoverPanel } from "../features/takeover/takeover-panel";
import { useConversationLive } from "../features/takeover/use-conversation-live";
import { adminKeys, conversationMessagesQuery, conversationQuery } from "../lib/admin-queries";
import { ApiError } from "../lib/api";

export function AdminConversationDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  const conversation = useQuery(conversationQuery(id));
  const messages = useQuery({ ...conversationMessagesQuery(id), enabled: conversation.isSuccess });
  const missing = conversation.error instanceof ApiError && conversation.error.status === 404;
  // Live while open: the user's messages appear as they are sent, and the hold as it changes (issue 26).
  const hold = useConversationLive(conversation.isSuccess ? id : null, adminKeys.conversationMessages(id));

  return (
    <AdminGuard>
      <Link
        href="/admin-conversations"
        className="mb-4 inline-flex items-center gap-1 text-sm text-slate-500 hover:text-primary-ink"
      >
        <ArrowLeft className="size-4" aria-hidden /> All Conversations
      </Link>
      {conversation.isPending ? (
        <LoadingState />
      ) : missing ? (
        <Card>
          <EmptyState icon={MessageSquareOff} title="Conversation not found." />
        </Card>
      ) : conversation.isError ? (
        <ErrorState error={conversation.error} />
      ) : (
        <>
          <PageHeader
            title={
              <span className="flex flex-wrap items-center gap-2">
                {conversation.data.title || "Untitled Conversation"}{" "}
                <SecurityLockBadge conversation={conversation.data} />
                <DeletedByUserBadge conversation={conversation.data} />
              </span>
            }
          />
          <div className="space-y-4">
            <Card className="p-4 sm:p-5">
              <ConversationFacts conversation={conversation.data} />
            </Card>
            <TakeoverPanel conversationId={id} state={hold} />
            <OutcomePanel conversationId={id} />
            <ConversationToolSteps conversationId={id} />
            <Card>
              <CardContent className="p-4 sm:p-5">
                {messages.isPending ? (
                  <LoadingState />
                ) : messages.isError ? (
                  <ErrorState error={messages.error} />
                ) : (
                  <MessageList messages={messages.data} agentName={conversation.data.agentName} />
                )}
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </AdminGuard>
  );
}
