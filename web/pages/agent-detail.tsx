/** /agents/{id}: who the agent is, what it has done, what it knows, its tools, its switches (owner and admins) and sharing. */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation, useParams } from "wouter";
import { PageHeader } from "../components/layout/page-header";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { Spinner } from "../components/ui/spinner";
import { Switch } from "../components/ui/switch";
import { AgentStatusBadge } from "../features/agents/agent-status-badge";
import { ApiKeysPanel } from "../features/agents/api-keys-panel";
import { DeleteAgentButton } from "../features/agents/delete-agent-button";
import { EditAgentDialog } from "../features/agents/edit-agent-dialog";
import { GENDER_LABELS } from "../features/agents/gender-select";
import { InteractionCards } from "../features/agents/interaction-cards";
import { TransferOwnerDialog } from "../features/agents/transfer-owner-dialog";
import { useUpdateAgent } from "../features/agents/use-update-agent";
import { VisibilityField } from "../features/agents/visibility-field";
import { KnowledgePanel } from "../features/knowledge/knowledge-panel";
import { OutcomeFieldsEditor } from "../features/outcomes/outcome-fields-editor";
import { PublishingPanel } from "../features/publishing/publishing-panel";
import { ToolsPanel } from "../features/tools/tools-panel";
import { agentQuery } from "../lib/agent-queries";
import { useAuth } from "../lib/auth";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-800">{children || <span className="text-slate-500">Not set</span>}</dd>
    </div>
  );
}

export function AgentDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const { data: agent, isLoading, error } = useQuery(agentQuery(id));
  const update = useUpdateAgent(id);
  const { user } = useAuth();

  if (isLoading) return <Spinner label="Loading agent" />;
  if (error || !agent) {
    return (
      <Card className="mx-auto max-w-md p-8 text-center">
        <h1 className="text-xl font-semibold">Agent not found</h1>
        <p className="mt-2 text-sm text-slate-500">The requested agent could not be found</p>
        <Button asChild variant="outline" className="mt-5">
          <Link href="/agents">Back to agents</Link>
        </Button>
      </Card>
    );
  }

  const isOwn = agent.userId === user?.id;
  return (
    <div className="space-y-6">
      <Link href="/agents" className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-slate-900">
        <ArrowLeft className="size-4" aria-hidden /> All agents
      </Link>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {agent.name} <AgentStatusBadge isActive={agent.isActive} />
          </span>
        }
        description={isOwn ? agent.role || agent.type : `${agent.role || agent.type} · Shared by ${agent.ownerName}`}
        actions={
          <>
            {agent.canManage && (
              <label className="flex items-center gap-2 rounded-md border border-slate-200 bg-surface px-3 py-2 text-sm">
                <Switch
                  checked={agent.isActive}
                  disabled={update.isPending}
                  onCheckedChange={(isActive) => update.mutate({ isActive })}
                  aria-label="Active"
                />
                {agent.isActive ? "Active" : "Inactive"}
              </label>
            )}
            {agent.canManage && <EditAgentDialog agent={agent} />}
            {user?.isAdmin && <TransferOwnerDialog agent={agent} />}
            {agent.isActive ? (
              <Button asChild>
                <Link href={`/chat/${agent.id}`}>
                  <MessageSquare aria-hidden /> Chat
                </Link>
              </Button>
            ) : (
              <Button disabled title="Activate the agent to chat with it">
                <MessageSquare aria-hidden /> Chat
              </Button>
            )}
            {agent.canManage && (
              <DeleteAgentButton id={agent.id} name={agent.name} onDeleted={() => navigate("/agents")} />
            )}
          </>
        }
      />
      {agent.canManage && (
        <VisibilityField
          value={agent.visibility}
          disabled={update.isPending}
          onChange={(visibility) => update.mutate({ visibility })}
        />
      )}
      <InteractionCards
        agent={agent}
        busy={update.isPending || !agent.canManage}
        onToggle={(patch) => update.mutate(patch)}
      />
      {/* Knowledge stays its owner's: a colleague's copy of the panel would only be refused. */}
      {isOwn && <KnowledgePanel agentId={agent.id} />}
      <OutcomeFieldsEditor agentId={agent.id} canManage={agent.canManage} />
      {agent.canManage && <ToolsPanel agentId={agent.id} />}
      {agent.canManage && <PublishingPanel agentId={agent.id} />}
      {agent.canManage && <ApiKeysPanel agentId={agent.id} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Personal details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-4">
              <Detail label="Name">{agent.name}</Detail>
              <Detail label="Gender">{GENDER_LABELS[agent.gender]}</Detail>
              <Detail label="Voice">{agent.voice || "Automatic"}</Detail>
              <Detail label="Created">{new Date(agent.createdAt).toLocaleDateString()}</Detail>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Professional info</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-4">
              <Detail label="Role">{agent.role}</Detail>
              <Detail label="Speciality">{agent.speciality}</Detail>
              <Detail label="Type">{agent.type}</Detail>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Personality</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-slate-700">{agent.personality || "Not set"}</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Communication style</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-slate-700">{agent.communicationStyle || "Not set"}</p>
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>About</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm text-slate-700">
            <p>{agent.description || "No description provided"}</p>
            {agent.customPrompt && (
              <p className="whitespace-pre-wrap rounded-md bg-slate-50 p-3">{agent.customPrompt}</p>
            )}
          </CardContent>
        </Card>
        {agent.systemPrompt && (
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle>System prompt</CardTitle>
            </CardHeader>
            <CardContent>
              <pre className="max-h-80 overflow-auto whitespace-pre-wrap rounded-md bg-slate-900 p-4 text-xs text-slate-100">
                {agent.systemPrompt}
              </pre>
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}
