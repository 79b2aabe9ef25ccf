/** One's own agents and those colleagues shared with the company, shown apart. */
import type { Agent } from "../../../contracts/agents";

export interface AgentGroups {
  own: Agent[];
  shared: Agent[];
}

export function groupAgentsByOwner(agents: Agent[], userId: string | undefined): AgentGroups {
  const own: Agent[] = [];
  const shared: Agent[] = [];
  for (const agent of agents) (agent.userId === userId ? own : shared).push(agent);
  return { own, shared };
}
