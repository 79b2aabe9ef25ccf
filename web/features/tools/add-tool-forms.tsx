/** The forms that add an agent's tools: an MCP server (URL, headers) and an HTTP action (method, URL, parameters, headers). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { HTTP_ACTION_METHODS, type ToolCreate } from "../../../contracts/tools";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input, NativeSelect, Textarea } from "../../components/ui/input";
import { addToolMutation, problemOf } from "./tool-queries";

/** "Name: value" lines → a headers object; blank lines are skipped. */
export function parseHeaderLines(text: string): Record<string, string> | string {
  const headers: Record<string, string> = {};
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const colon = line.indexOf(":");
    if (colon <= 0) return `"${line.trim().slice(0, 40)}" is not a "Name: value" line`;
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function ApprovalSelect({ id, value, onChange }: { id: string; value: string; onChange: (v: "auto" | "ask") => void }) {
  return (
    <Field id={id} label="Approval">
      <NativeSelect value={value} onChange={(e) => onChange(e.target.value as "auto" | "ask")}>
        <option value="ask">Ask a person before each call</option>
        <option value="auto">Run without asking</option>
      </NativeSelect>
    </Field>
  );
}

function useAdd(agentId: string, onDone: () => void) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | undefined>();
  const add = useMutation({ ...addToolMutation(queryClient, agentId), onError: (e) => setError(problemOf(e)) });
  const submit = (tool: ToolCreate) => {
    setError(undefined);
    add.mutate(tool, { onSuccess: onDone });
  };
  return { submit, error, setError, pending: add.isPending };
}

export function AddMcpServerForm({ agentId, onDone }: { agentId: string; onDone: () => void }) {
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [headers, setHeaders] = useState("");
  const [approval, setApproval] = useState<"auto" | "ask">("ask");
  const { submit, error, setError, pending } = useAdd(agentId, onDone);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseHeaderLines(headers);
    if (typeof parsed === "string") return setError(`Headers: ${parsed}`);
    submit({ kind: "mcp", name, url, headers: parsed, approval });
  };
  return (
    <form
      onSubmit={onSubmit}
      className="space-y-3 rounded-lg border border-slate-200 p-4"
      aria-label="Add an MCP server"
    >
      <h3 className="text-sm font-semibold">Add an MCP server</h3>
      <Field id="mcp-name" label="Name" hint="Letters, digits, _ and -; its tools are offered as name__tool">
        <Input value={name} onChange={(e) => setName(e.target.value)} required placeholder="crm" />
      </Field>
      <Field id="mcp-url" label="Server URL (Streamable HTTP)">
        <Input
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
          placeholder="https://mcp.example.com/mcp"
        />
      </Field>
      <Field
        id="mcp-headers"
        label="Headers (optional, one per line)"
        hint="Saved encrypted; shown afterwards only as ••••1234"
      >
        <Textarea value={headers} onChange={(e) => setHeaders(e.target.value)} placeholder="Authorization: Bearer …" />
      </Field>
      <ApprovalSelect id="mcp-approval" value={approval} onChange={setApproval} />
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          Add server
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const EMPTY_PARAMETERS = '{\n  "type": "object",\n  "properties": {}\n}';

export function AddHttpActionForm({ agentId, onDone }: { agentId: string; onDone: () => void }) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [method, setMethod] = useState<(typeof HTTP_ACTION_METHODS)[number]>("GET");
  const [url, setUrl] = useState("");
  const [parameters, setParameters] = useState(EMPTY_PARAMETERS);
  const [headers, setHeaders] = useState("");
  const [approval, setApproval] = useState<"auto" | "ask">("ask");
  const { submit, error, setError, pending } = useAdd(agentId, onDone);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsedHeaders = parseHeaderLines(headers);
    if (typeof parsedHeaders === "string") return setError(`Headers: ${parsedHeaders}`);
    let parsedParameters: Record<string, unknown>;
    try {
      parsedParameters = JSON.parse(parameters) as Record<string, unknown>;
    } catch {
      return setError("Parameters must be JSON (a JSON Schema object)");
    }
    submit({
      kind: "http",
      name,
      description,
      method,
      url,
      parameters: parsedParameters,
      headers: parsedHeaders,
      approval,
    });
  };
  return (
    <form
      onSubmit={onSubmit}
      className="space-y-3 rounded-lg border border-slate-200 p-4"
      aria-label="Add an HTTP action"
    >
      <h3 className="text-sm font-semibold">Add an HTTP action</h3>
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <Field id="http-method" label="Method">
          <NativeSelect value={method} onChange={(e) => setMethod(e.target.value as typeof method)}>
            {HTTP_ACTION_METHODS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="http-name" label="Name">
          <Input value={name} onChange={(e) => setName(e.target.value)} required placeholder="get_order" />
        </Field>
      </div>
      <Field id="http-url" label="URL" hint="Use {parameter} for values the model fills in, e.g. /orders/{orderId}">
        <Input
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
          placeholder="https://api.example.com/orders/{orderId}"
        />
      </Field>
      <Field id="http-description" label="Description for the model">
        <Input
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          required
          placeholder="Look up an order by its number"
        />
      </Field>
      <Field id="http-parameters" label="Parameters (JSON Schema)">
        <Textarea
          value={parameters}
          onChange={(e) => setParameters(e.target.value)}
          className="min-h-28 font-mono text-xs"
        />
      </Field>
      <Field
        id="http-headers"
        label="Headers (optional, one per line)"
        hint="Saved encrypted; shown afterwards only as ••••1234"
      >
        <Textarea value={headers} onChange={(e) => setHeaders(e.target.value)} placeholder="X-Api-Key: …" />
      </Field>
      <ApprovalSelect id="http-approval" value={approval} onChange={setApproval} />
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          Add action
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
