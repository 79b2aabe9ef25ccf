/** / (signed in): four stat cards, recent agents, quick actions, agents shared with the company, recent conversations. */
import { useQuery } from "@tanstack/react-query";
import { Activity, Bot, LayoutTemplate, MessageSquare, Mic, PlusCircle } from "lucide-react";
import { Link } from "wouter";
import { RECENT_ITEMS_ON_DASHBOARD } from "../../contracts/limits";
import { PageHeader } from "../components/layout/page-header";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { groupAgentsByOwner } from "../features/agents/agent-groups";
import { AgentListItem } from "../features/agents/agent-list-item";
import { SharedAgentsCard } from "../features/agents/shared-agents-card";
import { StatCard } from "../components/ui/stat-card";
import { UsageCard } from "../features/analytics/usage-card";
import { conversationListQuery } from "../features/chat/chat-queries";
import { agentListQuery } from "../lib/agent-queries";
import { useAuth } from "../lib/auth";
import { dashboardStatsQuery } from "../lib/dashboard-queries";

export function DashboardPage() {
  const { user } = useAuth();
  const stats = useQuery(dashboardStatsQuery);
  const agents = useQuery(agentListQuery);
  const conversations = useQuery(conversationListQuery);
  const s = stats.data;
  const { own, shared } = groupAgentsByOwner(agents.data ?? [], user?.id);
  const recentAgents = own.slice(0, RECENT_ITEMS_ON_DASHBOARD);
  const recentConversations = (conversations.data ?? []).slice(0, RECENT_ITEMS_ON_DASHBOARD);

  return (
    <div className="space-y-6">
      <PageHeader
        title={`Welcome back${user?.firstName ? `, ${user.firstName}` : ""}`}
        description="Here is how your agents are doing."
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Active Agents" value={s?.activeAgents} icon={Bot} testId="stat-active-agents" />
        <StatCard label="Conversations" value={s?.conversations} icon={MessageSquare} testId="stat-conversations" />
        <StatCard label="Voice Interactions" value={s?.voiceInteractions} icon={Mic} testId="stat-voice" />
        <StatCard
          label="Success Rate"
          value={s ? `${s.successRate}%` : undefined}
          icon={Activity}
          testId="stat-success"
        />
      </div>
      <UsageCard />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>Recent Agents</CardTitle>
            <Link href="/agents" className="text-sm text-primary-ink hover:underline">
              View All
            </Link>
          </CardHeader>
          <CardContent>
            {recentAgents.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-500">
                {agents.isLoading ? "Loading..." : "No agents created yet"}
              </p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {recentAgents.map((agent) => (
                  <AgentListItem key={agent.id} agent={agent} detail={agent.type} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <Button asChild variant="outline" className="justify-start">
              <Link href="/create">
                <PlusCircle aria-hidden /> Create Agent
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link href="/templates">
                <LayoutTemplate aria-hidden /> Browse Templates
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link href="/chat">
                <MessageSquare aria-hidden /> Start Conversation
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
      {shared.length > 0 && <SharedAgentsCard agents={shared.slice(0, RECENT_ITEMS_ON_DASHBOARD)} />}
      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>Recent Conversations</CardTitle>
          <Link href="/chat" className="text-sm text-primary-ink hover:underline">
            View All
          </Link>
        </CardHeader>
        <CardContent>
          {recentConversations.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500">
              {conversations.isLoading ? "Loading..." : "No conversations yet"}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {recentConversations.map((c) => (
                <li key={c.id} className="flex items-center gap-3 py-3">
                  <Link
                    href={c.agentId ? `/chat/${c.agentId}?conversation=${c.id}` : "/chat"}
                    className="min-w-0 flex-1 truncate font-medium hover:underline"
                  >
                    {c.title || "Untitled Conversation"}
                  </Link>
                  <span className="text-xs text-slate-500">{new Date(c.updatedAt).toLocaleDateString()}</span>
                  <Badge variant="outline">Text</Badge>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
