/**
 * The dialog's Approve and Deny for a tool call that waits for the caller (decision 149): the
 * same question the agent asks aloud, in words a screen reader announces as it appears, and
 * two buttons; saying or typing yes or no decides it too.
 */
import { Check, ShieldQuestion, X } from "lucide-react";
import { toolInPlainWords } from "../../../contracts/voice-approval";
import { Button } from "../../components/ui/button";
import type { PendingApproval } from "./call-state";

export function VoiceApprovalPanel({
  approvals,
  agentName,
  onDecide,
}: {
  approvals: PendingApproval[];
  agentName: string;
  onDecide: (callId: string, decision: "approve" | "deny") => void;
}) {
  if (approvals.length === 0) return null;
  return (
    <div className="space-y-2">
      {approvals.map((approval) => {
        const tool = toolInPlainWords(approval.name);
        const questionId = `voice-approval-${approval.callId}`;
        return (
          <div
            key={approval.callId}
            role="group"
            aria-labelledby={questionId}
            data-approval={approval.callId}
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900"
          >
            <p id={questionId} aria-live="polite" className="flex items-start gap-2">
              <ShieldQuestion aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
              <span>
                {agentName} asks to use <strong>{tool}</strong>
                {formatArguments(approval.arguments)}. Say yes or no, or choose:
              </span>
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" onClick={() => onDecide(approval.callId, "approve")}>
                <Check aria-hidden />
                Approve
              </Button>
              <Button size="sm" variant="outline" onClick={() => onDecide(approval.callId, "deny")}>
                <X aria-hidden />
                Deny
              </Button>
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** The call's arguments, short: " with id V-9". */
function formatArguments(argumentsJson: string): string {
  try {
    const parsed: unknown = JSON.parse(argumentsJson);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return "";
    const parts = Object.entries(parsed as Record<string, unknown>)
      .filter(([, value]) => ["string", "number", "boolean"].includes(typeof value))
      .map(([key, value]) => `${key} ${String(value)}`);
    const text = parts.slice(0, 3).join(", ");
    return text && text.length <= 80 ? ` with ${text}` : "";
  } catch {
    return "";
  }
}
