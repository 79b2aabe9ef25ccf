/**
 * The admin's record of a conversation's tool calls (issue 24): per call its name, outcome and
 * duration at a glance, and, opened, the arguments, what came back and who approved or denied it.
 * Shown only when the agent called a tool in the conversation.
 */
import { useQuery } from "@tanstack/react-query";
import { ChevronRight, Wrench } from "lucide-react";
import type { ToolCallStep } from "../../../contracts/tool-calls";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { conversationToolCallsQuery } from "../../lib/admin-queries";
import { ErrorState } from "./admin-states";

const OUTCOMES: Record<
  ToolCallStep["outcome"],
  { label: string; variant: "success" | "muted" | "warning" | "destructive" }
> = {
  awaiting_approval: { label: "Waiting for approval", variant: "warning" },
  running: { label: "Running", variant: "muted" },
  ok: { label: "Done", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  denied: { label: "Denied", variant: "muted" },
  withheld: { label: "Withheld from the agent", variant: "warning" },
  refused: { label: "Not run", variant: "muted" },
};

function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** "Approved by Otto Orders at 10:04:12", or null when the call needed nobody's yes. */
function decisionText(step: ToolCallStep): string | null {
  if (!step.decidedAt) return null;
  const verb = step.outcome === "denied" ? "Denied" : "Approved";
  const who = step.decidedByName ?? "a deleted account";
  return `${verb} by ${who} at ${new Date(step.decidedAt).toLocaleTimeString()}`;
}

function ToolStepRecord({ step }: { step: ToolCallStep }) {
  const outcome = OUTCOMES[step.outcome];
  const decision = decisionText(step);
  return (
    <li>
      <details className="group rounded-md border border-slate-200">
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 text-sm">
          <ChevronRight className="size-3.5 shrink-0 transition-transform group-open:rotate-90" aria-hidden />
          <code className="min-w-0 font-mono text-xs font-semibold break-all text-slate-900">{step.name}</code>
          <Badge variant={outcome.variant}>{outcome.label}</Badge>
          {step.ms !== null && <span className="text-xs text-slate-500">{step.ms} ms</span>}
          {decision && <span className="text-xs text-slate-500">{decision}</span>}
        </summary>
        <dl className="space-y-2 border-t border-slate-200 px-3 py-2 text-sm">
          <div>
            <dt className="text-xs font-medium text-slate-500">Arguments</dt>
            <dd>
              <pre className="mt-1 max-h-48 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs break-words whitespace-pre-wrap">
                {prettyArguments(step.arguments)}
              </pre>
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Result</dt>
            <dd className="break-words">{step.summary || "—"}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Called</dt>
            <dd>{new Date(step.createdAt).toLocaleString()}</dd>
          </div>
        </dl>
      </details>
    </li>
  );
}

export function ConversationToolSteps({ conversationId }: { conversationId: string }) {
  const steps = useQuery(conversationToolCallsQuery(conversationId));
  if (steps.isPending || (steps.isSuccess && steps.data.length === 0)) return null;
  return (
    <Card aria-labelledby="tool-steps-title">
      <CardHeader>
        <CardTitle id="tool-steps-title" className="flex items-center gap-2">
          <Wrench className="size-4" aria-hidden /> Tool steps
        </CardTitle>
      </CardHeader>
      <CardContent>
        {steps.isError ? (
          <ErrorState error={steps.error} />
        ) : (
          <ol className="space-y-2" aria-label="Tool steps">
            {steps.data.map((step) => (
              <ToolStepRecord key={step.id} step={step} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
