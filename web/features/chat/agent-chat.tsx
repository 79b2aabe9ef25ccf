/**
 * The chat with one agent: conversation list, header, transcript and message box. The open
 * conversation lives in the URL (?conversation=id), so a reload or a shared link reopens it.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import type { Agent } from "../../../contracts/agents";
import type { ConversationSummary } from "../../../contracts/chat";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { TooltipProvider } from "../../components/ui/tooltip";
import { agentQuery } from "../../lib/agent-queries";
import { ApiError } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useShortcut } from "../shortcuts/keyboard-shortcuts";
import { ChatComposer } from "./chat-composer";
import { ChatEmptyState } from "./chat-empty-state";
import { ChatHeader } from "./chat-header";
import { LockedNotice, OfflineNotice } from "./chat-notices";
import { ConversationSheet, ConversationSidebar } from "./conversation-list";
import { MessageList } from "./message-list";
import { useChatSession } from "./use-chat-session";
import { chatKeys } from "./chat-queries";
import { PersonJoinedNotice } from "../takeover/person-joined-notice";
import { useConversationLive } from "../takeover/use-conversation-live";

// Fills the space the app shell leaves: edge to edge under the phone top bar (3.5rem), inside main's padding from sm up.
const FRAME_HEIGHT =
  "h-[calc(100dvh-3.5rem)] sm:h-[calc(100dvh-6.5rem)] md:h-[calc(100dvh-3rem)] lg:h-[calc(100dvh-4rem)]";

export function AgentChat({ agentId }: { agentId: string }) {
  const agent = useQuery(agentQuery(agentId));
  if (agent.isLoading) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-6" />
      </div>
    );
  }
  if (!agent.data) {
    const missing = agent.error instanceof ApiError && agent.error.status === 404;
    return (
      <Card className="mx-auto max-w-md px-6 py-10 text-center">
        <h1 className="text-lg font-semibold">{missing ? "Agent not found" : "Could not load the agent"}</h1>
        <p className="mt-1 text-sm text-slate-500">
          {missing ? "The requested agent could not be found" : "Please reload the page to try again."}
        </p>
        <Button asChild variant="outline" className="mt-4">
          <Link href="/chat">Choose another agent</Link>
        </Button>
      </Card>
    );
  }
  if (!agent.data.isActive) {
    return (
      <Card className="mx-auto max-w-md px-6 py-10 text-center">
        <h1 className="text-lg font-semibold">{agent.data.name} is inactive</h1>
        <p className="mt-1 text-sm text-slate-500">Activate this agent on its page before chatting with it.</p>
        <Button asChild variant="outline" className="mt-4">
          <Link href={`/agents/${agent.data.id}`}>Open agent</Link>
        </Button>
      </Card>
    );
  }
  return <ChatWithAgent agent={agent.data} />;
}

function ChatWithAgent({ agent }: { agent: Agent }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const conversationId = new URLSearchParams(search).get("conversation");
  const [sheetOpen, setSheetOpen] = useState(false);
  const [draft, setDraft] = useState<{ text: string; nonce: number }>();
  const { isAdmin } = useAuth();

  const openConversation = (id: string | null, targetAgent = agent.id) =>
    navigate(id ? `/chat/${targetAgent}?conversation=${id}` : `/chat/${targetAgent}`, {
      replace: id !== null && targetAgent === agent.id,
    });
  const session = useChatSession(agent.id, conversationId, (id) => openConversation(id));
  // A person from the team may take the conversation over: their replies arrive live (issue 26).
  const hold = useConversationLive(conversationId, conversationId ? chatKeys.messages(conversationId) : null);
  const onSelect = (c: ConversationSummary) => openConversation(c.id, c.agentId ?? agent.id);
  const startNew = () => openConversation(null);
  const [searchFocusKey, setSearchFocusKey] = useState(0);
  const listProps = { agentId: agent.id, activeId: conversationId, onSelect, searchFocusKey };
  useShortcut("new-chat", startNew);
  useShortcut("search", () => {
    // Wide screens show the sidebar; phones keep the list in a sheet, opened first.
    if (!window.matchMedia("(min-width: 1024px)").matches) setSheetOpen(true);
    setSearchFocusKey((key) => key + 1);
  });

  return (
    <div
      className={`-m-4 flex overflow-hidden bg-surface sm:m-0 sm:rounded-xl sm:border sm:border-slate-200 sm:shadow-sm ${FRAME_HEIGHT}`}
    >
      <ConversationSidebar {...listProps} />
      <ConversationSheet
        open={sheetOpen}
        onOpenChange={(open) => {
          setSheetOpen(open);
          // A later open from the header button must not focus the search as Ctrl+K did.
          if (!open) setSearchFocusKey(0);
        }}
        {...listProps}
      />
      <section className="flex min-w-0 flex-1 flex-col" aria-label={`Chat with ${agent.name}`}>
        {/* The only tooltips in the app are in this header, so their provider (and code) lives here. */}
        <TooltipProvider>
          <ChatHeader agent={agent} onNewConversation={startNew} onOpenConversations={() => setSheetOpen(true)} />
        </TooltipProvider>
        {session.isLoading ? (
          <div className="flex flex-1 items-center justify-center">
            <Spinner className="size-6" />
          </div>
        ) : session.loadError ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
            <p className="font-medium">Conversation not found.</p>
            <Button variant="outline" size="sm" onClick={startNew}>
              Start a new conversation
            </Button>
          </div>
        ) : (
          <MessageList
            messages={session.messages}
            waiting={session.waiting}
            agentName={agent.name}
            conversationKey={conversationId ?? "new"}
            emptyState={<ChatEmptyState agent={agent} onPick={(text) => setDraft({ text, nonce: Date.now() })} />}
            retryKey={session.retryKey}
            onRetry={() => void session.retry()}
            actions={session.actions}
            busy={session.sending || session.locked}
            toolSteps={session.toolSteps}
          />
        )}
        {hold?.heldBy && <PersonJoinedNotice heldBy={hold.heldBy} />}
        {session.offline && <OfflineNotice />}
        {session.lockedUntil && <LockedNotice until={session.lockedUntil} onNewConversation={startNew} />}
        <ChatComposer
          agentName={agent.name}
          disabled={session.sending || session.locked || Boolean(session.loadError)}
          disabledReason={session.locked ? "Conversation locked" : undefined}
          onSend={session.send}
          draft={draft}
          dictation={isAdmin}
          onStop={session.streaming ? session.stop : undefined}
        />
      </section>
    </div>
  );
}
