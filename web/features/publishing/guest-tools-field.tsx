/**
 * Which of the agent's tools a guest's turn may call. Only tools that run without approval are
 * offered: a guest's turn has nobody to approve a call (the server refuses the others too).
 */
import { useQuery } from "@tanstack/react-query";
import { agentToolsQuery } from "../tools/tool-queries";

export function GuestToolsField({
  agentId,
  selected,
  error,
  disabled,
  onChange,
}: {
  agentId: string;
  selected: string[];
  error?: string;
  disabled: boolean;
  onChange: (toolIds: string[]) => void;
}) {
  const tools = useQuery(agentToolsQuery(agentId));
  const errorId = `guest-tools-${agentId}-error`;
  const automatic = tools.data?.filter((tool) => tool.approval === "auto") ?? [];
  const asking = (tools.data?.length ?? 0) - automatic.length;
  const toggle = (toolId: string) =>
    onChange(selected.includes(toolId) ? selected.filter((id) => id !== toolId) : [...selected, toolId]);

  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">Tools guests may trigger</legend>
      {tools.isPending ? (
        <p className="text-sm text-slate-500">Loading the agent's tools…</p>
      ) : tools.isError ? (
        <p className="text-sm text-red-600">The agent's tools could not be loaded.</p>
      ) : automatic.length === 0 ? (
        <p className="text-sm text-slate-500">No tools that run without approval: guests get answers only.</p>
      ) : (
        <ul className="space-y-1.5">
          {automatic.map((tool) => (
            <li key={tool.id}>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-1 size-4"
                  checked={selected.includes(tool.id)}
                  disabled={disabled}
                  onChange={() => toggle(tool.id)}
                />
                <span className="min-w-0">
                  <span className="font-mono text-xs">{tool.name}</span>
                  {tool.description && <span className="block text-slate-500">{tool.description}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {asking > 0 && (
        <p className="text-xs text-slate-500">
          {asking === 1 ? "One tool asks" : `${asking} tools ask`} for approval first, so guests cannot trigger{" "}
          {asking === 1 ? "it" : "them"}.
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
