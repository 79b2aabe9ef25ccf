/** The agent's name and readiness, with the voice engineer's slots and the conversation controls. */
import { History, SquarePen } from "lucide-react";
import type { Agent } from "../../../contracts/agents";
import { Button } from "../../components/ui/button";
import { VoiceButton } from "../voice/voice-button";
import { VoiceHelpButton } from "../voice/voice-help-button";

export function ChatHeader({
  agent,
  onNewConversation,
  onOpenConversations,
}: {
  agent: Agent;
  onNewConversation: () => void;
  /** Phones only: the conversation list lives in a sheet there. */
  onOpenConversations: () => void;
}) {
  const initials = agent.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return (
    <header className="flex items-center gap-2 border-b border-slate-200 bg-surface px-3 py-3 sm:gap-3 sm:px-5">
      {/* No avatar on phones: the name and status need the width next to four buttons. */}
      <div
        aria-hidden
        className="hidden size-10 shrink-0 sm:flex items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary-ink"
      >
        {initials || "AI"}
      </div>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold leading-tight text-slate-900">{agent.name}</h1>
        <p className="flex items-center gap-1.5 truncate text-[11px] text-emerald-700 sm:text-xs">
          <span className="size-2 shrink-0 rounded-full bg-emerald-500" aria-hidden />
          {agent.supportsCall ? <>Active • Text &amp; Voice Ready</> : "Active • Text only"}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
        {/* Calls turned off on the agent: no call button, and the voice routes refuse (403). */}
        {agent.supportsCall && (
          <>
            <VoiceButton agent={agent} />
            <VoiceHelpButton />
          </>
        )}
        <Button
          variant="ghost"
          size="icon"
          onClick={onOpenConversations}
          aria-label="Conversations"
          className="lg:hidden"
        >
          <History aria-hidden />
        </Button>
        <Button variant="outline" size="sm" onClick={onNewConversation} aria-label="New chat">
          <SquarePen aria-hidden />
          <span className="hidden sm:inline">New chat</span>
        </Button>
      </div>
    </header>
  );
}
