/**
 * What is wrong with an agent form, field by field: the shared schema (contracts/agents.ts)
 * checks the draft before it is sent, and a refusal the server still sends (400 INVALID_INPUT
 * names its `field`) lands under the same field. Messages are written for the form: "Enter a
 * name", not "name is required".
 */
import { useEffect, useRef, useState } from "react";
import { AgentFieldsSchema, type AgentCreate } from "../../../contracts/agents";
import { ApiError } from "../../lib/api";

export type AgentField = keyof AgentCreate;
export type AgentFieldErrors = Partial<Record<AgentField, string>>;

const LABELS: Partial<Record<AgentField, string>> = {
  name: "Name",
  description: "Description",
  type: "Type",
  role: "Role",
  speciality: "Speciality",
  personality: "Personality",
  communicationStyle: "Communication style",
  customPrompt: "Custom instructions",
  voice: "Voice",
};

/** The two required fields, worded as what to do. */
const REQUIRED: Partial<Record<AgentField, string>> = {
  name: "Enter a name for the agent.",
  gender: "Choose a gender.",
};

function isAgentField(key: unknown): key is AgentField {
  return typeof key === "string" && key in AgentFieldsSchema.shape;
}

/** "role must be at most 200 characters" → "Role must be at most 200 characters." */
function sentence(field: AgentField, message: string): string {
  const label = LABELS[field];
  const text = label && message.startsWith(field) ? label + message.slice(field.length) : message;
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

function messageFor(field: AgentField, message: string, missing: boolean): string {
  return (missing && REQUIRED[field]) || sentence(field, message);
}

/** The draft's problems, one per field (the first), before anything is sent. */
export function agentFieldErrors(input: Partial<AgentCreate> | Record<string, unknown>): AgentFieldErrors {
  const parsed = AgentFieldsSchema.safeParse(input);
  if (parsed.success) return {};
  const errors: AgentFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (!isAgentField(field) || errors[field]) continue;
    const value = (input as Record<string, unknown>)[field];
    const missing = value === undefined || value === null || (typeof value === "string" && !value.trim());
    errors[field] = messageFor(field, issue.message, missing);
  }
  return errors;
}

/** The server's refusal as a field error, when it names one of the form's fields. */
export function serverFieldErrors(error: unknown): AgentFieldErrors | null {
  if (!(error instanceof ApiError) || error.code !== "INVALID_INPUT") return null;
  let field: unknown;
  try {
    field = (JSON.parse(error.body) as { field?: unknown }).field;
  } catch {
    return null;
  }
  const top = typeof field === "string" ? field.split(".")[0] : undefined;
  if (!isAgentField(top)) return null;
  return { [top]: messageFor(top, error.serverMessage ?? "is not valid", false) };
}

export const hasFieldErrors = (errors: AgentFieldErrors) => Object.keys(errors).length > 0;

/**
 * The form's field errors: `show` sets them and moves focus to the first invalid field in the
 * form (in page order), so a keyboard or screen-reader user lands on what to fix; a field's
 * error goes as soon as that field changes.
 */
export function useAgentFieldErrors() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<AgentFieldErrors>({});
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown]);
  return {
    formRef,
    errors,
    show(next: AgentFieldErrors) {
      setErrors(next);
      setShown((count) => count + 1);
    },
    /** Drops the errors of the fields whose value changed between two drafts. */
    clearChanged(before: object, after: object) {
      const was = before as Record<string, unknown>;
      const now = after as Record<string, unknown>;
      setErrors((current) => {
        const kept = Object.entries(current).filter(([field]) => was[field] === now[field]);
        return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
      });
    },
  };
}
