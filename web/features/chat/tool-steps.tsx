/**
 * The tool steps of one reply, as a collapsible list under the person's message: what the agent
 * called, with what, and how it went. A call that waits for approval shows its arguments with
 * Approve and Deny, and stays open until answered.
 */
import { Check, ChevronRight, CircleAlert, Hourglass, Loader2, ShieldAlert, Wrench, X } from "lucide-react";
import { Button } from "../../components/ui/button";
import type { ToolStepView } from "./use-tool-steps";

const OUTCOME_TEXT: Record<ToolStepView["outcome"], string> = {
  awaiting_approval: "Waiting for your approval",
  running: "Running",
  ok: "Done",
  failed: "Failed",
  denied: "Denied",
  withheld: "Result withheld from the agent",
  refused: "Not run",
};

/** Outcomes of calls that reached their tool: only these took a time worth showing. */
const RAN = new Set<ToolStepView["outcome"]>(["ok", "failed", "withheld"]);

function OutcomeIcon({ outcome }: { outcome: ToolStepView["outcome"] }) {
  const className = "size-3.5 shrink-0";
  if (outcome === "running") return <Loader2 className={`${className} animate-spin`} aria-hidden />;
  if (outcome === "awaiting_approval") return <Hourglass className={`${className} text-amber-600`} aria-hidden />;
  if (outcome === "ok") return <Check className={`${className} text-emerald-600`} aria-hidden />;
  if (outcome === "withheld") return <ShieldAlert className={`${className} text-amber-600`} aria-hidden />;
  if (outcome === "denied") return <X className={`${className} text-slate-500`} aria-hidden />;
  return <CircleAlert className={`${className} text-red-600`} aria-hidden />;
}

/** The arguments as readable JSON when they are JSON, else as sent. */
function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function ToolSteps({
  steps,
  onDecide,
  deciding,
}: {
  steps: ToolStepView[];
  onDecide?: (callId: string, decision: "approve" | "deny") => void;
  deciding?: string | null;
}) {
  const waiting = steps.some((step) => step.outcome === "awaiting_approval");
  return (
    <details
      className="group mx-auto my-1 max-w-xl rounded-md border border-slate-200 bg-slate-50 text-sm"
      open={waiting || undefined}
      data-testid="tool-steps"
    >
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 text-slate-700">
        <ChevronRight className="size-3.5 transition-transform group-open:rotate-90" aria-hidden />
        <Wrench className="size-3.5" aria-hidden />
        {waiting ? "A tool call needs your approval" : `Used ${steps.length} tool call${steps.length === 1 ? "" : "s"}`}
      </summary>
      <ol className="space-y-2 border-t border-slate-200 px-3 py-2">
        {steps.map((step) => (
          <li key={step.id} className="space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <OutcomeIcon outcome={step.outcome} />
              <code className="font-mono text-xs font-semibold text-slate-900">{step.name}</code>
              <span className="text-xs text-slate-600">
                {OUTCOME_TEXT[step.outcome]}
                {step.ms !== null && RAN.has(step.outcome) ? ` · ${step.ms} ms` : ""}
              </span>
            </div>
            <pre className="max-h-40 overflow-auto rounded bg-surface p-2 font-mono text-xs whitespace-pre-wrap break-words text-slate-700">
              {prettyArguments(step.arguments)}
            </pre>
            {step.summary && step.summary !== OUTCOME_TEXT[step.outcome] && (
              <p className="text-xs break-words text-slate-600">{step.summary}</p>
            )}
            {step.outcome === "awaiting_approval" && onDecide && (
              <div className="flex gap-2">
                <Button size="sm" onClick={() => onDecide(step.id, "approve")} disabled={deciding === step.id}>
                  Approve {step.name}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onDecide(step.id, "deny")}
                  disabled={deciding === step.id}
                >
                  Deny
                </Button>
              </div>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
