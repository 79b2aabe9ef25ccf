/** /agents: the user's agents with search by name or type. */
import { useQuery } from "@tanstack/react-query";
import { Plus, Search } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { PageHeader } from "../components/layout/page-header";
import { Button } from "../components/ui/button";
import { Input } from "../components/ui/input";
import { Spinner } from "../components/ui/spinner";
import { AgentCard } from "../features/agents/agent-card";
import { agentListQuery } from "../lib/agent-queries";

export function AgentsPage() {
  const [search, setSearch] = useState("");
  const { data: agents = [], isLoading, error } = useQuery(agentListQuery);
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? agents.filter((a) => a.name.toLowerCase().includes(needle) || a.type.toLowerCase().includes(needle))
    : agents;

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
      {!isLoading && !error && shown.length === 0 && (
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
    </div>
  );
}
