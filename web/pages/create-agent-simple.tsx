/** /create and /create-agent-simple: name, description, gender; ?template={type} starts from a template. */
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "wouter";
import type { AgentVisibility, Gender } from "../../contracts/agents";
import { PageHeader } from "../components/layout/page-header";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { Field } from "../components/ui/field";
import { Input, Textarea } from "../components/ui/input";
import { Spinner } from "../components/ui/spinner";
import { CreateAgentButton } from "../features/agents/create-agent-button";
import { useAgentFieldErrors } from "../features/agents/agent-field-errors";
import { GenderSelect } from "../features/agents/gender-select";
import { TemplateIcon } from "../features/agents/template-icon";
import { useCreateAgent } from "../features/agents/use-create-agent";
import { VisibilityField } from "../features/agents/visibility-field";
import { templatePersona, useTemplatePrefill } from "../features/agents/use-template-prefill";
import { KnowledgeFilesStep, NO_FILES } from "../features/knowledge/knowledge-files-step";

export function CreateAgentSimplePage() {
  const { type, template, isLoading } = useTemplatePrefill();
  const fieldErrors = useAgentFieldErrors();
  const create = useCreateAgent(fieldErrors.show);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [gender, setGender] = useState<Gender | "">("");
  const [visibility, setVisibility] = useState<AgentVisibility>("private");
  const [knowledge, setKnowledge] = useState(NO_FILES);

  useEffect(() => {
    if (!template) return;
    setName(template.name);
    setDescription(template.description);
    setGender(template.gender);
  }, [template]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const persona = template ? templatePersona(template) : {};
    create.submit({ ...persona, name, description, gender: gender || undefined, visibility }, knowledge.files);
  };

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Create Agent"
        description="Give your agent a name and a gender; you can fine-tune everything later."
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href={type ? `/create-agent?template=${type}` : "/create-agent"}>All fields</Link>
          </Button>
        }
      />
      {isLoading && <Spinner label="Loading template" />}
      {template && (
        <div
          className="mb-4 flex items-center gap-3 rounded-lg border border-primary/20 bg-primary-soft p-3 text-sm"
          role="status"
        >
          <TemplateIcon icon={template.icon} className="size-5 shrink-0 text-primary-ink" />
          <span>
            Starting from the <strong>{template.name}</strong> template: its role, speciality, personality and
            instructions come along.
          </span>
        </div>
      )}
      <Card>
        <CardContent className="pt-5">
          <form ref={fieldErrors.formRef} onSubmit={onSubmit} className="space-y-4" noValidate>
            <Field id="agent-name" label="Name *" error={fieldErrors.errors.name}>
              <Input
                value={name}
                onChange={(e) => {
                  fieldErrors.clearChanged({ name }, { name: e.target.value });
                  setName(e.target.value);
                }}
                maxLength={80}
                placeholder="e.g. Nova"
              />
            </Field>
            <Field id="agent-description" label="Description" error={fieldErrors.errors.description}>
              <Textarea
                rows={3}
                value={description}
                onChange={(e) => {
                  fieldErrors.clearChanged({ description }, { description: e.target.value });
                  setDescription(e.target.value);
                }}
                placeholder="What does this agent do?"
              />
            </Field>
            <Field id="agent-gender" label="Gender *" error={fieldErrors.errors.gender}>
              <GenderSelect
                value={gender}
                onChange={(next) => {
                  fieldErrors.clearChanged({ gender }, { gender: next });
                  setGender(next);
                }}
              />
            </Field>
            <VisibilityField value={visibility} onChange={setVisibility} />
            <KnowledgeFilesStep value={knowledge} onChange={setKnowledge} />
            <div className="flex justify-end">
              <CreateAgentButton create={create} />
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
