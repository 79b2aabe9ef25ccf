/** One configured tool: what it reaches, its approval, a connection test, which MCP tools are on, and removal. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Tool, ToolTestResult } from "../../../contracts/tools";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { NativeSelect } from "../../components/ui/input";
import { changeToolMutation, problemOf, removeToolMutation, testToolMutation } from "./tool-queries";

const KIND_LABELS: Record<Tool["kind"], string> = { mcp: "MCP server", http: "HTTP action", builtin: "Built-in" };

function EnabledTools({
  tool,
  onChange,
  busy,
}: {
  tool: Tool;
  onChange: (names: string[] | null) => void;
  busy: boolean;
}) {
  if (!tool.offered || tool.offered.length === 0) return null;
  const enabled = new Set(tool.enabledTools ?? tool.offered.map((offered) => offered.name));
  const toggle = (name: string) => {
    const next = new Set(enabled);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    onChange(tool.offered!.filter((offered) => next.has(offered.name)).map((offered) => offered.name));
  };
  return (
    <fieldset className="mt-3 space-y-1.5">
      <legend className="text-xs font-medium uppercase tracking-wide text-slate-500">Tools the agent may use</legend>
      {tool.offered.map((offered) => (
        <label key={offered.name} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1"
            checked={enabled.has(offered.name)}
            disabled={busy}
            onChange={() => toggle(offered.name)}
          />
          <span>
            <span className="font-mono text-xs">{offered.name}</span>
            <span className="block text-slate-500">{offered.description}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function ToolRow({ tool }: { tool: Tool }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [tested, setTested] = useState<ToolTestResult | null>(null);
  const onError = (error: unknown) => setProblem(problemOf(error));
  const change = useMutation({ ...changeToolMutation(queryClient, tool.agentId), onError });
  const remove = useMutation({ ...removeToolMutation(queryClient, tool.agentId), onError });
  const testing = testToolMutation(queryClient, tool.agentId);
  // Both: the sentence for the person, and the list refreshed with what the server now offers.
  const test = useMutation({
    ...testing,
    onError,
    onSuccess: async (result, ...rest) => {
      setTested(result);
      await testing.onSuccess?.(result, ...rest);
    },
  });
  const busy = change.isPending || remove.isPending || test.isPending;
  return (
    <li className="rounded-lg border border-slate-200 p-4" aria-label={`Tool ${tool.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="font-mono text-sm">{tool.name}</span>
            <Badge variant="muted">{KIND_LABELS[tool.kind]}</Badge>
          </p>
          {tool.url && (
            <p className="mt-1 break-all text-sm text-slate-600">
              {tool.method && <span className="mr-1 font-mono text-xs">{tool.method}</span>}
              {tool.url}
            </p>
          )}
          {tool.description && <p className="mt-1 text-sm text-slate-600">{tool.description}</p>}
          {tool.headers.length > 0 && (
            <p className="mt-1 text-xs text-slate-500">
              Headers: {tool.headers.map((header) => `${header.name} ${header.hint}`).join(", ")}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <NativeSelect
            aria-label={`Approval for ${tool.name}`}
            className="w-auto"
            value={tool.approval}
            disabled={busy}
            onChange={(e) => change.mutate({ id: tool.id, patch: { approval: e.target.value as Tool["approval"] } })}
          >
            <option value="ask">Ask first</option>
            <option value="auto">Automatic</option>
          </NativeSelect>
          {tool.kind !== "builtin" && (
            <Button variant="outline" size="sm" disabled={busy} onClick={() => test.mutate(tool.id)}>
              {tool.kind === "mcp" ? "Test connection" : "Check"}
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => remove.mutate(tool.id)}
            aria-label={`Remove ${tool.name}`}
          >
            Remove
          </Button>
        </div>
      </div>
      {tested && (
        <p role="status" className={tested.ok ? "mt-2 text-sm text-emerald-700" : "mt-2 text-sm text-red-600"}>
          {tested.message}
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {problem}
        </p>
      )}
      <EnabledTools
        tool={tool}
        busy={busy}
        onChange={(names) => change.mutate({ id: tool.id, patch: { enabledTools: names } })}
      />
    </li>
  );
}
