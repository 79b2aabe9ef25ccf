/** /agents: the user's agents, then those colleagues shared, with search by name or type. */
import { useQuery } from "@tanstack/react-query";
import { Plus, Search } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { PageHeader } from "../components/layout/page-header";
import { Button } from "../components/ui/button";
import { Input } from "../components/ui/input";
import { Spinner } from "../components/ui/spinner";
import { AgentCard } from "../features/agents/agent-card";
import { groupAgentsByOwner } from "../features/agents/agent-groups";
import { agentListQuery } from "../lib/agent-queries";
import { useAuth } from "../lib/auth";

export function AgentsPage() {
  const [search, setSearch] = useState("");
  const { user } = useAuth();
  const { data: agents = [], isLoading, error } = useQuery(agentListQuery);
  const needle = search.trim().toLowerCase();
  const found = needle
    ? agents.filter((a) => a.name.toLowerCase().includes(needle) || a.type.toLowerCase().includes(needle))
    : agents;
  const { own: shown, shared } = groupAgentsByOwner(found, user?.id);

  return (
    <div>
      <PageHeader
        title="My Agents"
        description="Create, find and manage your AI agents."
        actions={
          <Button asChild>
            <Link href="/create">
              <Plus aria-hidden /> Create Agent
            </Link>
          </Button>
        }
      />
      <div className="relative mb-5 max-w-md">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search agents"
          placeholder="Search agents..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      {isLoading && <Spinner label="Loading agents" />}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          Could not load your agents. Please reload the page.
        </p>
      )}
      {!isLoading && !error && shown.length === 0 && (needle ? shared.length === 0 : true) && (
        <div className="rounded-xl border border-dashed border-slate-300 bg-surface p-10 text-center">
          <p className="font-medium">{needle ? "No agents found" : "No agents yet"}</p>
          <p className="mt-1 text-sm text-slate-500">
            {needle ? "Try another name or type." : "Create your first agent or start from a template."}
          </p>
          {!needle && (
            <div className="mt-4 flex justify-center gap-2">
              <Button asChild size="sm">
                <Link href="/create">Create Agent</Link>
              </Button>
              <Button asChild size="sm" variant="outline">
                <Link href="/templates">Browse Templates</Link>
              </Button>
            </div>
          )}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {shown.map((agent) => (
          <AgentCard key={agent.id} agent={agent} />
        ))}
      </div>
      {shared.length > 0 && (
        <section aria-labelledby="shared-agents-heading" className="mt-8" data-testid="shared-agents">
          <h2 id="shared-agents-heading" className="text-lg font-semibold">
            Shared with your company
          </h2>
          <p className="mb-4 text-sm text-slate-500">Colleagues' agents you can chat with.</p>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {shared.map((agent) => (
              <AgentCard key={agent.id} agent={agent} shared />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
