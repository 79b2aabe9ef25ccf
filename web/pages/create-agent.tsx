/** /create-agent: every persona field, voice and capabilities; ?template={type} prefills it. */
import { useEffect, useState, type FormEvent } from "react";
import { PageHeader } from "../components/layout/page-header";
import { Card, CardContent } from "../components/ui/card";
import { CreateAgentButton } from "../features/agents/create-agent-button";
import { emptyDraft, PersonaFields, type AgentDraft } from "../features/agents/persona-fields";
import { useCreateAgent } from "../features/agents/use-create-agent";
import { templatePersona, useTemplatePrefill } from "../features/agents/use-template-prefill";
import { KnowledgeNextStep } from "../features/knowledge/knowledge-next-step";

export function CreateAgentPage() {
  const { template } = useTemplatePrefill();
  const create = useCreateAgent();
  const [draft, setDraft] = useState<AgentDraft>(emptyDraft);

  useEffect(() => {
    if (!template) return;
    setDraft((d) => ({ ...d, ...templatePersona(template) }));
  }, [template]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.submit({ ...draft, gender: draft.gender || undefined, voice: draft.voice || null });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Create Agent"
        description={
          template ? `Starting from the ${template.name} template.` : "Describe who your agent is and how it works."
        }
      />
      <Card>
        <CardContent className="pt-5">
          <form onSubmit={onSubmit} noValidate>
            <PersonaFields draft={draft} onChange={setDraft} />
            <div className="mt-6 flex justify-end">
              <CreateAgentButton create={create} />
            </div>
          </form>
        </CardContent>
      </Card>
      <KnowledgeNextStep />
    </div>
  );
}
