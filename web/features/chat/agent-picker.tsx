/**
 * /chat with no agent chosen: the user's active agents to talk to, and every past
 * conversation (the dashboard's "View All" lands here).
 */
import { useQuery } from "@tanstack/react-query";
import { Bot, Lock, MessageSquare, PlusCircle } from "lucide-react";
import { UNTITLED_CONVERSATION } from "../../../contracts/chat";
import { Link } from "wouter";
import { PageHeader } from "../../components/layout/page-header";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { agentListQuery } from "../../lib/agent-queries";
import { conversationListQuery } from "./chat-queries";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function AgentPicker() {
  const { data, isLoading, error } = useQuery(agentListQuery);
  const active = (data ?? []).filter((agent) => agent.isActive);
  return (
    <div className="space-y-8">
      <section>
        <PageHeader title="Chat" description="Choose an agent to start a conversation." />
        {isLoading ? (
          <div className="flex justify-center py-12">
            <Spinner className="size-6" />
          </div>
        ) : error ? (
          <p className="py-12 text-center text-sm text-red-600">Could not load your agents.</p>
        ) : active.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <Bot className="size-10 text-slate-400" aria-hidden />
            <p className="font-medium text-slate-900">No active agents</p>
            <p className="text-sm text-slate-500">Create an agent, then come back to chat with it.</p>
            <Button asChild>
              <Link href="/create">
                <PlusCircle aria-hidden /> Create Agent
              </Link>
            </Button>
          </Card>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Active agents">
            {active.map((agent) => (
              <li key={agent.id}>
                <Link
                  href={`/chat/${agent.id}`}
                  className="flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-surface p-4 shadow-sm transition-colors hover:border-primary/40 hover:bg-primary-soft/40"
                >
                  <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-ink">
                    <Bot className="size-5" aria-hidden />
                  </div>
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-slate-900">{agent.name}</p>
                    <p className="truncate text-xs text-slate-500">{agent.role || agent.type}</p>
                  </div>
                  <MessageSquare className="size-4 shrink-0 text-slate-400" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <RecentConversations />
    </div>
  );
}

function RecentConversations() {
  const { data } = useQuery(conversationListQuery);
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="recent-conversations">
      <h2 id="recent-conversations" className="mb-3 text-lg font-semibold text-slate-900">
        Recent conversations
      </h2>
      <Card>
        <ul className="divide-y divide-slate-100">
          {data.map((c) => (
            <li key={c.id}>
              <Link
                href={c.agentId ? `/chat/${c.agentId}?conversation=${c.id}` : "/chat"}
                className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-1.5 truncate text-sm font-medium text-slate-900">
                    {c.securityLock && <Lock className="size-3.5 shrink-0 text-amber-600" aria-label="Locked" />}
                    <span className="truncate">{c.title || UNTITLED_CONVERSATION}</span>
                  </p>
                  <p className="truncate text-xs text-slate-500">
                    {c.agentName} · {dateFormat.format(new Date(c.updatedAt))}
                  </p>
                </div>
                <span className="shrink-0 text-xs text-slate-500">{c.messageCount} messages</span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
