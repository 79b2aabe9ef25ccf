/** One agent in a dashboard list: its name linking to its page, a line about it, its status, and Chat while it is active. */
import { MessageSquare } from "lucide-react";
import { Link } from "wouter";
import type { Agent } from "../../../contracts/agents";
import { Button } from "../../components/ui/button";
import { AgentStatusBadge } from "./agent-status-badge";

export function AgentListItem({ agent, detail }: { agent: Agent; detail: string }) {
  return (
    <li className="flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <Link href={`/agents/${agent.id}`} className="block truncate font-medium hover:underline">
          {agent.name}
        </Link>
        <p className="truncate text-xs text-slate-500">{detail}</p>
      </div>
      <AgentStatusBadge isActive={agent.isActive} />
      {/* An inactive agent refuses chats (409): no button that leads to a refusal. */}
      {agent.isActive && (
        <Button asChild size="sm" variant="outline">
          <Link href={`/chat/${agent.id}`} aria-label={`Chat with ${agent.name}`}>
            <MessageSquare aria-hidden /> Chat
          </Link>
        </Button>
      )}
    </li>
  );
}
