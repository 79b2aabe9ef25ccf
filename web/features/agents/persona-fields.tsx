/** Every persona field of an agent, for the full create form and the edit dialog. */
import type { AgentCreate } from "../../../contracts/agents";
import { OPENAI_VOICES } from "../../../contracts/voice-languages";
import { Field } from "../../components/ui/field";
import { Input, NativeSelect, Textarea } from "../../components/ui/input";
import { Switch } from "../../components/ui/switch";
import { GenderSelect } from "./gender-select";
import { VisibilityField } from "./visibility-field";

export type AgentDraft = Omit<AgentCreate, "gender"> & { gender: AgentCreate["gender"] | "" };

export const emptyDraft: AgentDraft = {
  name: "",
  description: "",
  type: "custom",
  gender: "",
  role: "",
  speciality: "",
  personality: "",
  communicationStyle: "",
  customPrompt: "",
  voice: "",
  supportsCall: true,
  supportsEmail: true,
  supportsText: true,
  supportsSocial: true,
  visibility: "private",
};

const CAPABILITIES = [
  ["supportsCall", "Calls"],
  ["supportsEmail", "Email"],
  ["supportsText", "Text messages"],
  ["supportsSocial", "Social media"],
] as const;

export function PersonaFields({
  draft,
  onChange,
  idPrefix = "agent",
}: {
  draft: AgentDraft;
  onChange: (d: AgentDraft) => void;
  idPrefix?: string;
}) {
  const set = <K extends keyof AgentDraft>(key: K, value: AgentDraft[K]) => onChange({ ...draft, [key]: value });
  const text = (key: "role" | "speciality" | "personality" | "communicationStyle") => draft[key] ?? "";
  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idPrefix}-name`} label="Name *">
          <Input
            value={draft.name}
            onChange={(e) => set("name", e.target.value)}
            maxLength={80}
            placeholder="e.g. Nova"
          />
        </Field>
        <Field id={`${idPrefix}-gender`} label="Gender *">
          <GenderSelect value={draft.gender} onChange={(g) => set("gender", g)} />
        </Field>
        <Field id={`${idPrefix}-role`} label="Role">
          <Input
            value={text("role")}
            onChange={(e) => set("role", e.target.value)}
            placeholder="e.g. Sales Representative"
          />
        </Field>
        <Field id={`${idPrefix}-speciality`} label="Speciality">
          <Input
            value={text("speciality")}
            onChange={(e) => set("speciality", e.target.value)}
            placeholder="e.g. B2B SaaS"
          />
        </Field>
        <Field id={`${idPrefix}-personality`} label="Personality">
          <Input
            value={text("personality")}
            onChange={(e) => set("personality", e.target.value)}
            placeholder="e.g. Warm and curious"
          />
        </Field>
        <Field id={`${idPrefix}-style`} label="Communication style">
          <Input
            value={text("communicationStyle")}
            onChange={(e) => set("communicationStyle", e.target.value)}
            placeholder="e.g. Concise"
          />
        </Field>
        <Field id={`${idPrefix}-voice`} label="Voice">
          <NativeSelect value={draft.voice ?? ""} onChange={(e) => set("voice", e.target.value)}>
            <option value="">Automatic (by gender)</option>
            {OPENAI_VOICES.map((v) => (
              <option key={v} value={v}>
                {v[0].toUpperCase() + v.slice(1)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field id={`${idPrefix}-description`} label="Description">
        <Textarea
          rows={3}
          value={draft.description ?? ""}
          onChange={(e) => set("description", e.target.value)}
          placeholder="What does this agent do?"
        />
      </Field>
      <Field id={`${idPrefix}-prompt`} label="Custom instructions" hint="Rules the agent always follows.">
        <Textarea rows={4} value={draft.customPrompt ?? ""} onChange={(e) => set("customPrompt", e.target.value)} />
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Capabilities</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {CAPABILITIES.map(([key, label]) => (
            <label
              key={key}
              className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm"
            >
              {label}
              <Switch
                checked={draft[key] !== false}
                onCheckedChange={(checked) => set(key, checked)}
                aria-label={label}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <VisibilityField value={draft.visibility ?? "private"} onChange={(v) => set("visibility", v)} />
    </div>
  );
}
