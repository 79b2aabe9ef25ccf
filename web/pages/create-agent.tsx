/** /create-agent: every persona field, voice and capabilities; ?template={type} prefills it. */
import { useEffect, useState, type FormEvent } from "react";
import { PageHeader } from "../components/layout/page-header";
import { Card, CardContent } from "../components/ui/card";
import { CreateAgentButton } from "../features/agents/create-agent-button";
import { useAgentFieldErrors } from "../features/agents/agent-field-errors";
import { emptyDraft, PersonaFields, type AgentDraft } from "../features/agents/persona-fields";
import { useCreateAgent } from "../features/agents/use-create-agent";
import { templatePersona, useTemplatePrefill } from "../features/agents/use-template-prefill";
import { KnowledgeFilesStep, NO_FILES } from "../features/knowledge/knowledge-files-step";

export function CreateAgentPage() {
  const { template } = useTemplatePrefill();
  const fieldErrors = useAgentFieldErrors();
  const create = useCreateAgent(fieldErrors.show);
  const [draft, setDraft] = useState<AgentDraft>(emptyDraft);
  const change = (next: AgentDraft) => {
    fieldErrors.clearChanged(draft, next);
    setDraft(next);
  };
  const [knowledge, setKnowledge] = useState(NO_FILES);

  useEffect(() => {
    if (!template) return;
    setDraft((d) => ({ ...d, ...templatePersona(template) }));
  }, [template]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.submit({ ...draft, gender: draft.gender || undefined, voice: draft.voice || null }, knowledge.files);
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
          <form ref={fieldErrors.formRef} onSubmit={onSubmit} noValidate>
            <PersonaFields draft={draft} onChange={change} errors={fieldErrors.errors} />
            <KnowledgeFilesStep value={knowledge} onChange={setKnowledge} />
            <div className="mt-6 flex justify-end">
              <CreateAgentButton create={create} />
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
