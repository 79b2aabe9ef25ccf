/**
 * A conversation's outcome (issue 26): summary, verdict and each field's value with where it
 * came from, and a form a person corrects it with. A corrected field shows what was extracted
 * beside it. Used on the admin conversation view.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import {
  OUTCOME_VERDICTS,
  type ConversationOutcome,
  type OutcomeFieldValue,
  type OutcomeValue,
  type OutcomeVerdict,
} from "../../../contracts/outcomes";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, NativeSelect, Textarea } from "../../components/ui/input";
import { ApiError } from "../../lib/api";
import { conversationOutcomeQuery, correctOutcomeMutation } from "./outcome-queries";

const VERDICT_BADGE = { achieved: "success", "not achieved": "destructive", unclear: "muted" } as const;
const SOURCE_LABEL = { model: "model", offline: "rules", person: "corrected" } as const;

export function formatOutcomeValue(value: OutcomeValue | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

export function OutcomePanel({ conversationId }: { conversationId: string }) {
  const outcome = useQuery(conversationOutcomeQuery(conversationId));
  const [editing, setEditing] = useState(false);
  return (
    <Card aria-labelledby="outcome-title" data-testid="outcome-panel">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle id="outcome-title">Outcome</CardTitle>
        {outcome.data && !editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Correct
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {outcome.isPending ? (
          <p className="text-sm text-slate-500">Loading the outcome…</p>
        ) : outcome.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {outcome.error instanceof ApiError
              ? (outcome.error.serverMessage ?? outcome.error.message)
              : "Could not load the outcome"}
          </p>
        ) : editing ? (
          <OutcomeForm conversationId={conversationId} outcome={outcome.data} onDone={() => setEditing(false)} />
        ) : (
          <OutcomeView outcome={outcome.data} />
        )}
      </CardContent>
    </Card>
  );
}

function OutcomeView({ outcome }: { outcome: ConversationOutcome }) {
  if (outcome.method === "pending" && !outcome.editedAt) {
    return (
      <p className="text-sm text-slate-500">
        Not extracted yet: it is written down once the conversation has been idle for a while.
      </p>
    );
  }
  const names = [...Object.keys(outcome.fields), ...outcome.unfilled.filter((n) => !(n in outcome.fields))];
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={VERDICT_BADGE[outcome.success]} data-testid="outcome-success">
          {outcome.success}
        </Badge>
        {outcome.method === "failed" && <Badge variant="warning">model answer malformed: rules used</Badge>}
        {outcome.extractedAt && (
          <span className="text-xs text-slate-500">Extracted {new Date(outcome.extractedAt).toLocaleString()}</span>
        )}
      </div>
      {outcome.summary && <p className="text-sm text-slate-700">{outcome.summary}</p>}
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        {names.map((name) => (
          <FieldValue key={name} name={name} field={outcome.fields[name]} />
        ))}
      </dl>
    </div>
  );
}

function FieldValue({ name, field }: { name: string; field: OutcomeFieldValue | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{name.replace(/_/g, " ")}</dt>
      <dd
        className="mt-0.5 flex flex-wrap items-center gap-2 break-words text-sm text-slate-800"
        data-testid={`outcome-field-${name}`}
      >
        <span>{formatOutcomeValue(field?.value)}</span>
        {field ? (
          <Badge variant={field.source === "person" ? "default" : "outline"}>{SOURCE_LABEL[field.source]}</Badge>
        ) : (
          <span className="text-xs text-slate-500">not found</span>
        )}
        {field?.source === "person" && field.extracted !== undefined && (
          <span className="text-xs text-slate-500">extracted: {formatOutcomeValue(field.extracted)}</span>
        )}
      </dd>
    </div>
  );
}

/** Values typed as text: "yes"/"no" become booleans and plain numbers numbers, as the field had them. */
function parseTyped(text: string, before: OutcomeValue | undefined): OutcomeValue {
  const t = text.trim();
  if (t === "") return null;
  if (typeof before === "boolean" || /^(yes|no)$/i.test(t))
    return /^yes$/i.test(t) ? true : /^no$/i.test(t) ? false : t;
  if (typeof before === "number" && !Number.isNaN(Number(t))) return Number(t);
  return t;
}

function OutcomeForm(props: { conversationId: string; outcome: ConversationOutcome; onDone(): void }) {
  const { outcome } = props;
  const queryClient = useQueryClient();
  const save = useMutation(correctOutcomeMutation(queryClient, props.conversationId));
  const names = [...Object.keys(outcome.fields), ...outcome.unfilled.filter((n) => !(n in outcome.fields))];
  const [summary, setSummary] = useState(outcome.summary);
  const [success, setSuccess] = useState<OutcomeVerdict>(outcome.success);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      names.map((n) => [n, outcome.fields[n] ? formatOutcomeValue(outcome.fields[n].value).replace("—", "") : ""]),
    ),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields: Record<string, OutcomeValue> = {};
    for (const name of names) {
      const before = outcome.fields[name]?.value;
      const next = parseTyped(values[name] ?? "", before);
      if (next !== (before ?? null)) fields[name] = next;
    }
    save.mutate({ summary, success, fields }, { onSuccess: props.onDone });
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Correct the outcome">
      <div className="space-y-1.5">
        <label htmlFor="outcome-success" className="block text-sm font-medium text-slate-700">
          Goal
        </label>
        <NativeSelect
          id="outcome-success"
          value={success}
          onChange={(e) => setSuccess(e.target.value as OutcomeVerdict)}
        >
          {OUTCOME_VERDICTS.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="outcome-summary" className="block text-sm font-medium text-slate-700">
          Summary
        </label>
        <Textarea id="outcome-summary" value={summary} onChange={(e) => setSummary(e.target.value)} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {names.map((name, i) => (
          <div key={name} className="space-y-1.5">
            <label htmlFor={`outcome-value-${i}`} className="block text-sm font-medium text-slate-700">
              {name.replace(/_/g, " ")}
            </label>
            <Input
              id={`outcome-value-${i}`}
              value={values[name] ?? ""}
              onChange={(e) => setValues({ ...values, [name]: e.target.value })}
            />
          </div>
        ))}
      </div>
      {save.isError && (
        <p role="alert" className="text-sm text-red-600">
          {save.error instanceof ApiError ? (save.error.serverMessage ?? save.error.message) : "Could not save"}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          Save outcome
        </Button>
        <Button type="button" variant="ghost" onClick={props.onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
