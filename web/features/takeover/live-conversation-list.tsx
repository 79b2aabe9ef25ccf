/**
 * The live view's rows (issue 26): each conversation active in the last few minutes with its
 * agent, its person or guest, the last message and whether it needs a human. Whoever sees a row
 * (an admin, the agent's owner) may open it or take it over from here; taking over opens the
 * conversation, where they write: an admin's full record, or the owner's conversation page.
 */
import { useState } from "react";
import { Link, useLocation } from "wouter";
import type { LiveConversation } from "../../../contracts/takeover";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { takeOver } from "./takeover-queries";

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

function LiveRowActions({ conversation, isAdmin }: { conversation: LiveConversation; isAdmin: boolean }) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const href = isAdmin ? `/admin/conversation/${conversation.id}` : `/live/${conversation.id}`;
  const who = <span className="sr-only"> the conversation of {conversation.userName}</span>;

  async function takeOverAndOpen() {
    setBusy(true);
    try {
      await takeOver(conversation.id);
      navigate(href);
    } catch (error) {
      const detail = error instanceof ApiError ? error.serverMessage : null;
      toast({ title: "Could not take over", description: detail ?? undefined, variant: "destructive" });
      setBusy(false);
    }
  }

  return (
    <div className="flex shrink-0 gap-2">
      <Button asChild variant="outline" size="sm">
        <Link href={href}>Open{who}</Link>
      </Button>
      <Button size="sm" disabled={busy || conversation.heldBy !== null} onClick={() => void takeOverAndOpen()}>
        Take over{who}
      </Button>
    </div>
  );
}

function LiveRow({ conversation, isAdmin }: { conversation: LiveConversation; isAdmin: boolean }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-conversation-id={conversation.id}>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{conversation.userName}</span>
          <span className="text-sm text-slate-500">with {conversation.agentName}</span>
          {conversation.kind === "voice" && <Badge variant="muted">Voice call</Badge>}
          {conversation.needsHuman && <Badge variant="warning">Needs a human</Badge>}
          {conversation.heldBy && <Badge>{conversation.heldBy} is answering</Badge>}
        </div>
        <p className="line-clamp-2 text-sm text-slate-600 sm:truncate">
          {conversation.lastMessage ?? <span className="italic text-slate-500">No messages yet</span>}
        </p>
        <p className="text-xs text-slate-500">
          Last active at <time dateTime={conversation.updatedAt}>{timeOf(conversation.updatedAt)}</time>
        </p>
      </div>
      <LiveRowActions conversation={conversation} isAdmin={isAdmin} />
    </li>
  );
}

export function LiveConversationList({
  conversations,
  isAdmin,
}: {
  conversations: LiveConversation[];
  isAdmin: boolean;
}) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Live conversations">
      {conversations.map((conversation) => (
        <LiveRow key={conversation.id} conversation={conversation} isAdmin={isAdmin} />
      ))}
    </ul>
  );
}
