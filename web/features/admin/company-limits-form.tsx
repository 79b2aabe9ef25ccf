/** Edits one company's agent limit, quotas and knowledge storage (an empty box means no limit). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { CompanyEntry } from "../../../contracts/admin";
import { QUOTA_LABELS, QUOTA_NAMES, type CompanyPatch, type QuotaName } from "../../../contracts/usage";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { ApiError } from "../../lib/api";
import { editCompanyMutation } from "../../lib/admin-queries";
import { toast } from "../../lib/toast-store";

type Draft = Record<"agentLimit" | QuotaName | "knowledgeMegabytes", string>;

const draftOf = (company: CompanyEntry): Draft => ({
  agentLimit: String(company.agentLimit),
  messagesPerDay: company.quotas.messagesPerDay?.toString() ?? "",
  tokensPerMonth: company.quotas.tokensPerMonth?.toString() ?? "",
  voiceMinutesPerMonth: company.quotas.voiceMinutesPerMonth?.toString() ?? "",
  knowledgeMegabytes: company.knowledgeMegabytes?.toString() ?? "",
});

const limitOf = (text: string) => (text.trim() === "" ? null : Number(text));

export function CompanyLimitsForm({ company }: { company: CompanyEntry }) {
  const queryClient = useQueryClient();
  const edit = useMutation(editCompanyMutation(queryClient));
  const [draft, setDraft] = useState<Draft>(() => draftOf(company));
  const field = (key: keyof Draft) => `company-${company.id}-${key}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch: CompanyPatch = {
      agentLimit: Number(draft.agentLimit),
      knowledgeMegabytes: limitOf(draft.knowledgeMegabytes),
    };
    for (const quota of QUOTA_NAMES) patch[quota] = limitOf(draft[quota]);
    edit.mutate(
      { id: company.id, patch },
      {
        onSuccess: () =>
          toast({ title: "Limits saved", description: `${company.companyName}'s limits and quotas are updated.` }),
        onError: (error) =>
          toast({
            title: "Could not save",
            description: error instanceof ApiError ? (error.serverMessage ?? error.message) : "Please try again.",
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
      aria-label={`Limits of ${company.companyName}`}
    >
      <label htmlFor={field("agentLimit")} className="text-sm text-slate-700">
        Agent limit
        <Input
          id={field("agentLimit")}
          type="number"
          min={0}
          required
          value={draft.agentLimit}
          onChange={(e) => setDraft({ ...draft, agentLimit: e.target.value })}
        />
      </label>
      {QUOTA_NAMES.map((quota) => (
        <label key={quota} htmlFor={field(quota)} className="text-sm capitalize text-slate-700">
          {QUOTA_LABELS[quota]}
          <Input
            id={field(quota)}
            type="number"
            min={0}
            placeholder="No limit"
            value={draft[quota]}
            onChange={(e) => setDraft({ ...draft, [quota]: e.target.value })}
          />
        </label>
      ))}
      <label htmlFor={field("knowledgeMegabytes")} className="text-sm text-slate-700">
        Knowledge storage (MB)
        <Input
          id={field("knowledgeMegabytes")}
          type="number"
          min={0}
          placeholder="No limit"
          value={draft.knowledgeMegabytes}
          onChange={(e) => setDraft({ ...draft, knowledgeMegabytes: e.target.value })}
        />
      </label>
      <Button type="submit" disabled={edit.isPending}>
        {edit.isPending ? "Saving..." : "Save limits"}
      </Button>
    </form>
  );
}
