/** The dashboard's list of agents colleagues shared with the company: whose each is, and a way to chat. */
import type { Agent } from "../../../contracts/agents";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { AgentListItem } from "./agent-list-item";

export function SharedAgentsCard({ agents }: { agents: Agent[] }) {
  return (
    <Card data-testid="shared-agents">
      <CardHeader>
        <CardTitle>Shared with your company</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {agents.map((agent) => (
            <AgentListItem key={agent.id} agent={agent} detail={`Shared by ${agent.ownerName}`} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
