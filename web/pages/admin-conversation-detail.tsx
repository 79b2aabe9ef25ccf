/** /admin/conversation/{id}: one conversation and its messages; 'Conversation not found.' when missing. */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, MessageSquareOff } from "lucide-react";
import { Link, useParams } from "wouter";
import { CONVERSATION_NOT_FOUND } from "../../contracts/admin";
import { PageHeader } from "../components/layout/page-header";
import { Card, CardContent } from "../components/ui/card";
import { AdminGuard } from "../features/admin/admin-guard";
import { EmptyState, ErrorState, LoadingState } from "../features/admin/admin-states";
import { ConversationFacts, SecurityLockBadge } from "../features/admin/conversation-summary";
import { MessageList } from "../features/admin/message-list";
import { conversationMessagesQuery, conversationQuery } from "../lib/admin-queries";
import { ApiError } from "../lib/api";

export function AdminConversationDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  const conversation = useQuery(conversationQuery(id));
  const messages = useQuery({ ...conversationMessagesQuery(id), enabled: conversation.isSuccess });
  const missing = conversation.error instanceof ApiError && conversation.error.status === 404;

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
          <EmptyState icon={MessageSquareOff} title={CONVERSATION_NOT_FOUND} />
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
              </span>
            }
          />
          <div className="space-y-4">
            <Card className="p-4 sm:p-5">
              <ConversationFacts conversation={conversation.data} />
            </Card>
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
