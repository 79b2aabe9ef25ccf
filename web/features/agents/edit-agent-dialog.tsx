/** Edit every field of an agent in a dialog; Save sends only what changed. */
import { Pencil } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { Agent, AgentPatch } from "../../../contracts/agents";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { toast } from "../../lib/toast-store";
import { agentFieldErrors, hasFieldErrors, serverFieldErrors, useAgentFieldErrors } from "./agent-field-errors";
import { PersonaFields, type AgentDraft } from "./persona-fields";
import { useUpdateAgent } from "./use-update-agent";

function draftOf(agent: Agent): AgentDraft {
  const { name, description, type, gender, role, speciality, personality, communicationStyle, customPrompt, voice } =
    agent;
  const { supportsCall, supportsEmail, supportsText, supportsSocial, visibility } = agent;
  return {
    name,
    description,
    type,
    gender,
    role,
    speciality,
    personality,
    communicationStyle,
    customPrompt,
    voice,
    supportsCall,
    supportsEmail,
    supportsText,
    supportsSocial,
    visibility,
  };
}

export function EditAgentDialog({ agent }: { agent: Agent }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<AgentDraft>(() => draftOf(agent));
  const update = useUpdateAgent(agent.id);
  const fieldErrors = useAgentFieldErrors();
  const change = (next: AgentDraft) => {
    fieldErrors.clearChanged(draft, next);
    setDraft(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = agentFieldErrors({ ...draft, gender: draft.gender || undefined, voice: draft.voice || null });
    if (hasFieldErrors(errors)) {
      fieldErrors.show(errors);
      toast({ title: "Validation Error", description: "Please fill in all required fields", variant: "destructive" });
      return;
    }
    const original = draftOf(agent);
    const patch = Object.fromEntries(
      Object.entries({ ...draft, voice: draft.voice || null }).filter(
        ([k, v]) => original[k as keyof AgentDraft] !== v,
      ),
    ) as AgentPatch;
    if (Object.keys(patch).length === 0) return setOpen(false);
    update.mutate(patch, {
      onSuccess: () => {
        toast({ title: "Agent updated" });
        setOpen(false);
      },
      onError: (error) => {
        const errors = serverFieldErrors(error);
        if (errors) fieldErrors.show(errors);
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) setDraft(draftOf(agent));
        if (o) fieldErrors.show({});
      }}
    >
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Pencil aria-hidden /> Edit
      </Button>
      <DialogContent title={`Edit ${agent.name}`} className="max-w-2xl">
        <form ref={fieldErrors.formRef} onSubmit={onSubmit} noValidate>
          <PersonaFields draft={draft} onChange={change} idPrefix="edit" errors={fieldErrors.errors} />
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Saving..." : "Save changes"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
