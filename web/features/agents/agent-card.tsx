/** One agent in the grid: who it is (and whose, when shared), and the ways in — chat, details, delete. */
import { MessageSquare } from "lucide-react";
import { Link } from "wouter";
import type { Agent } from "../../../contracts/agents";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { AgentStatusBadge } from "./agent-status-badge";
import { DeleteAgentButton } from "./delete-agent-button";
import { TemplateIcon } from "./template-icon";
import { iconForAgentType } from "./agent-type-icon";

/** `shared`: a colleague's agent, shown with its owner's name. */
export function AgentCard({ agent, shared = false }: { agent: Agent; shared?: boolean }) {
  return (
    <Card className="flex flex-col p-5" data-testid="agent-card">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-ink">
          <TemplateIcon icon={iconForAgentType(agent.type)} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">{agent.name}</h2>
          <p className="text-xs text-slate-500">{agent.type}</p>
          {shared && <p className="mt-0.5 truncate text-xs text-slate-600">Shared by {agent.ownerName}</p>}
        </div>
        <AgentStatusBadge isActive={agent.isActive} />
      </div>
      <p className="mt-3 line-clamp-3 flex-1 text-sm text-slate-600">
        {agent.description || "No description provided"}
      </p>
      <div className="mt-4 flex items-center gap-2">
        {agent.isActive ? (
          <Button asChild size="sm">
            <Link href={`/chat/${agent.id}`} aria-label={`Chat with ${agent.name}`}>
              <MessageSquare aria-hidden /> Chat
            </Link>
          </Button>
        ) : (
          <Button size="sm" disabled title="Activate the agent to chat with it">
            <MessageSquare aria-hidden /> Chat
          </Button>
        )}
        <Button asChild variant="outline" size="sm">
          <Link href={`/agents/${agent.id}`}>View Details</Link>
        </Button>
        {agent.canManage && (
          <div className="ml-auto">
            <DeleteAgentButton id={agent.id} name={agent.name} />
          </div>
        )}
      </div>
    </Card>
  );
}
