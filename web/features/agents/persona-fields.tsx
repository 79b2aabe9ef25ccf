/** Every persona field of an agent, for the full create form and the edit dialog. */
import type { AgentCreate } from "../../../contracts/agents";
import { OPENAI_VOICES } from "../../../contracts/voice-languages";
import { Field } from "../../components/ui/field";
import { Input, NativeSelect, Textarea } from "../../components/ui/input";
import { Switch } from "../../components/ui/switch";
import { GenderSelect } from "./gender-select";
import type { AgentFieldErrors } from "./agent-field-errors";
import { VisibilityField } from "./visibility-field";

export const WRITTEN_CHANNEL_NOTE =
  "Used by the agent's persona: it drafts these in chat for you to send. Channels come with publishing.";

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

/**
 * Each switch says what it really does (issue 23: the form must not claim what the agent
 * cannot do). Calls has a channel; email, text and social have none yet, so they shape what
 * the persona offers in chat and nothing more.
 */
export const CAPABILITIES = [
  ["supportsCall", "Calls", "Voice calls in the chat. Off: no call button, and calls are refused."],
  ["supportsEmail", "Email", WRITTEN_CHANNEL_NOTE],
  ["supportsText", "Text messages", WRITTEN_CHANNEL_NOTE],
  ["supportsSocial", "Social media", WRITTEN_CHANNEL_NOTE],
] as const;

export function PersonaFields({
  draft,
  onChange,
  idPrefix = "agent",
  errors = {},
}: {
  draft: AgentDraft;
  onChange: (d: AgentDraft) => void;
  idPrefix?: string;
  /** Shown under each field (agent-field-errors.ts). */
  errors?: AgentFieldErrors;
}) {
  const set = <K extends keyof AgentDraft>(key: K, value: AgentDraft[K]) => onChange({ ...draft, [key]: value });
  const text = (key: "role" | "speciality" | "personality" | "communicationStyle") => draft[key] ?? "";
  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idPrefix}-name`} error={errors.name} label="Name *">
          <Input
            value={draft.name}
            onChange={(e) => set("name", e.target.value)}
            maxLength={80}
            placeholder="e.g. Nova"
          />
        </Field>
        <Field id={`${idPrefix}-gender`} error={errors.gender} label="Gender *">
          <GenderSelect value={draft.gender} onChange={(g) => set("gender", g)} />
        </Field>
        <Field id={`${idPrefix}-role`} error={errors.role} label="Role">
          <Input
            value={text("role")}
            onChange={(e) => set("role", e.target.value)}
            placeholder="e.g. Sales Representative"
          />
        </Field>
        <Field id={`${idPrefix}-speciality`} error={errors.speciality} label="Speciality">
          <Input
            value={text("speciality")}
            onChange={(e) => set("speciality", e.target.value)}
            placeholder="e.g. B2B SaaS"
          />
        </Field>
        <Field id={`${idPrefix}-personality`} error={errors.personality} label="Personality">
          <Input
            value={text("personality")}
            onChange={(e) => set("personality", e.target.value)}
            placeholder="e.g. Warm and curious"
          />
        </Field>
        <Field id={`${idPrefix}-style`} error={errors.communicationStyle} label="Communication style">
          <Input
            value={text("communicationStyle")}
            onChange={(e) => set("communicationStyle", e.target.value)}
            placeholder="e.g. Concise"
          />
        </Field>
        <Field id={`${idPrefix}-voice`} error={errors.voice} label="Voice">
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
      <Field id={`${idPrefix}-description`} error={errors.description} label="Description">
        <Textarea
          rows={3}
          value={draft.description ?? ""}
          onChange={(e) => set("description", e.target.value)}
          placeholder="What does this agent do?"
        />
      </Field>
      <Field
        id={`${idPrefix}-prompt`}
        error={errors.customPrompt}
        label="Custom instructions"
        hint="Rules the agent always follows."
      >
        <Textarea rows={4} value={draft.customPrompt ?? ""} onChange={(e) => set("customPrompt", e.target.value)} />
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Capabilities</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {CAPABILITIES.map(([key, label, note]) => (
            <label
              key={key}
              className="flex items-start justify-between gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm"
            >
              <span>
                <span className="block font-medium text-slate-800">{label}</span>
                <span id={`${idPrefix}-${key}-note`} className="mt-0.5 block text-xs text-slate-600">
                  {note}
                </span>
              </span>
              <Switch
                checked={draft[key] !== false}
                onCheckedChange={(checked) => set(key, checked)}
                aria-label={label}
                aria-describedby={`${idPrefix}-${key}-note`}
                className="mt-0.5 shrink-0"
              />
            </label>
          ))}
        </div>
      </fieldset>
      <VisibilityField value={draft.visibility ?? "private"} onChange={(v) => set("visibility", v)} />
    </div>
  );
}
