/**
 * "Import from OpenAPI" (issue 24, decision 147): a pasted or chosen JSON document is read by the
 * server (a dry run), its operations listed with a checkbox and an approval each — every
 * importable one chosen, GET running without asking, the others asking first — and the chosen
 * ones imported as HTTP actions in one go.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type ChangeEvent, type FormEvent } from "react";
import type { Tool } from "../../../contracts/tools";

type ToolApproval = Tool["approval"];
import type { OpenApiImportResult, OpenApiOperation } from "../../../contracts/tools-openapi";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { NativeSelect, Textarea } from "../../components/ui/input";
import { parseHeaderLines } from "./add-tool-forms";
import { importOpenApiMutation, problemOf } from "./tool-queries";

function OperationChoice({
  operation,
  chosen,
  approval,
  onToggle,
  onApproval,
}: {
  operation: OpenApiOperation;
  chosen: boolean;
  approval: ToolApproval;
  onToggle: () => void;
  onApproval: (approval: ToolApproval) => void;
}) {
  const id = `openapi-op-${operation.key.replace(/[^a-zA-Z0-9]+/g, "-")}`;
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 rounded-md border border-slate-200 p-3">
      <div className="flex min-w-[14rem] flex-1 items-start gap-2">
        <input
          id={id}
          type="checkbox"
          className="mt-1"
          checked={chosen}
          disabled={operation.problem !== null}
          onChange={onToggle}
          aria-describedby={`${id}-about`}
        />
        <div className="min-w-0">
          <label htmlFor={id} className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <Badge variant="outline" className="font-mono">
              {operation.method}
            </Badge>
            <span className="break-all font-mono text-xs">{operation.name}</span>
          </label>
          <p id={`${id}-about`} className="mt-1 text-sm text-slate-600">
            <span className="break-all font-mono text-xs">{operation.path}</span>
            <span className="block">{operation.description}</span>
            {operation.problem && <span className="block text-red-600">{operation.problem}</span>}
          </p>
        </div>
      </div>
      {operation.problem === null && (
        <NativeSelect
          aria-label={`Approval for ${operation.name}`}
          className="w-auto"
          value={approval}
          disabled={!chosen}
          onChange={(e) => onApproval(e.target.value as ToolApproval)}
        >
          <option value="ask">Ask first</option>
          <option value="auto">Automatic</option>
        </NativeSelect>
      )}
    </li>
  );
}

export function ImportOpenApiForm({ agentId, onDone }: { agentId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [document, setDocument] = useState("");
  const [headers, setHeaders] = useState("");
  const [preview, setPreview] = useState<OpenApiImportResult | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [approvals, setApprovals] = useState<Record<string, ToolApproval>>({});
  const [error, setError] = useState<string | undefined>();
  const reading = useMutation({
    ...importOpenApiMutation(queryClient, agentId),
    onError: (e) => setError(problemOf(e)),
  });
  const importing = useMutation({
    ...importOpenApiMutation(queryClient, agentId),
    onError: (e) => setError(problemOf(e)),
  });

  const changeDocument = (text: string) => {
    setDocument(text);
    setPreview(null);
  };
  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) changeDocument(await file.text());
  };
  const read = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    reading.mutate(
      { document, dryRun: true },
      {
        onSuccess: (result) => {
          setPreview(result);
          setChosen(new Set(result.operations.filter((o) => o.problem === null).map((o) => o.key)));
          setApprovals(Object.fromEntries(result.operations.map((o) => [o.key, o.approval])));
        },
      },
    );
  };
  const importChosen = () => {
    const parsedHeaders = parseHeaderLines(headers);
    if (typeof parsedHeaders === "string") return setError(`Headers: ${parsedHeaders}`);
    setError(undefined);
    const operations = [...chosen];
    importing.mutate(
      {
        document,
        operations,
        approval: Object.fromEntries(operations.map((key) => [key, approvals[key] ?? "ask"])),
        headers: parsedHeaders,
      },
      { onSuccess: onDone },
    );
  };
  const toggle = (key: string) =>
    setChosen((before) => {
      const next = new Set(before);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const busy = reading.isPending || importing.isPending;

  return (
    <form onSubmit={read} className="space-y-3 rounded-lg border border-slate-200 p-4" aria-label="Import from OpenAPI">
      <h3 className="text-sm font-semibold">Import HTTP actions from an OpenAPI document</h3>
      <Field
        id="openapi-document"
        label="OpenAPI 3 document (JSON)"
        hint="Paste the document, or choose a .json file below. YAML is not read: convert it to JSON first."
      >
        <Textarea
          value={document}
          onChange={(e) => changeDocument(e.target.value)}
          required
          className="min-h-32 font-mono text-xs"
          placeholder='{ "openapi": "3.0.3", "servers": [{ "url": "https://api.example.com" }], "paths": { … } }'
        />
      </Field>
      <Field id="openapi-file" label="Or choose a .json file">
        <input
          type="file"
          accept=".json,application/json"
          onChange={(e) => void chooseFile(e)}
          className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-surface file:px-3 file:py-1.5 file:text-sm"
        />
      </Field>
      {!preview && (
        <div className="flex gap-2">
          <Button type="submit" disabled={busy} aria-busy={reading.isPending}>
            {reading.isPending ? "Reading…" : "Read operations"}
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      )}
      {preview && (
        <>
          <p className="text-sm text-slate-600" role="status">
            {preview.title}: {preview.operations.length} operation{preview.operations.length === 1 ? "" : "s"} at{" "}
            <span className="break-all font-mono text-xs">{preview.baseUrl}</span>
          </p>
          {!preview.hostAllowed && (
            <p role="alert" className="text-sm text-red-600">
              {new URL(preview.baseUrl).hostname} is not among the hosts the tool policy allows; an admin can add it
              before these actions are imported.
            </p>
          )}
          <fieldset className="space-y-2">
            <legend className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">
              Operations to import
            </legend>
            <ul className="space-y-2">
              {preview.operations.map((operation) => (
                <OperationChoice
                  key={operation.key}
                  operation={operation}
                  chosen={chosen.has(operation.key)}
                  approval={approvals[operation.key] ?? operation.approval}
                  onToggle={() => toggle(operation.key)}
                  onApproval={(approval) => setApprovals((before) => ({ ...before, [operation.key]: approval }))}
                />
              ))}
            </ul>
          </fieldset>
          <Field
            id="openapi-headers"
            label="Headers for every action (optional, one per line)"
            hint="Saved encrypted; shown afterwards only as ••••1234"
          >
            <Textarea value={headers} onChange={(e) => setHeaders(e.target.value)} placeholder="X-Api-Key: …" />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              disabled={busy || chosen.size === 0 || !preview.hostAllowed}
              aria-busy={importing.isPending}
              onClick={importChosen}
            >
              {importing.isPending ? "Importing…" : `Import ${chosen.size} action${chosen.size === 1 ? "" : "s"}`}
            </Button>
            <Button type="button" variant="outline" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
