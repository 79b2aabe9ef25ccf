/** The dashboard's list of agents colleagues shared with the company: whose each is, and a way to chat. */
import { MessageSquare } from "lucide-react";
import { Link } from "wouter";
import type { Agent } from "../../../contracts/agents";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { AgentStatusBadge } from "./agent-status-badge";

export function SharedAgentsCard({ agents }: { agents: Agent[] }) {
  return (
    <Card data-testid="shared-agents">
      <CardHeader>
        <CardTitle>Shared with your company</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {agents.map((agent) => (
            <li key={agent.id} className="flex items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <Link href={`/agents/${agent.id}`} className="block truncate font-medium hover:underline">
                  {agent.name}
                </Link>
                <p className="truncate text-xs text-slate-500">Shared by {agent.ownerName}</p>
              </div>
              <AgentStatusBadge isActive={agent.isActive} />
              {agent.isActive && (
                <Button asChild size="sm" variant="outline">
                  <Link href={`/chat/${agent.id}`} aria-label={`Chat with ${agent.name}`}>
                    <MessageSquare aria-hidden /> Chat
                  </Link>
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
