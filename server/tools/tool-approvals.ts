/**
 * Calls waiting for a person's yes or no (approval "ask", issue 24). The turn that made the call
 * waits in this process, so the decision is handed to it here; the tool_calls row is the
 * durable side (who decided, when), written by the approval route before the turn is woken.
 * A decision for a call this process is not holding (its turn ended, or another process holds
 * it) finds nobody waiting and is refused.
 */
export type ToolCallDecision = "approved" | "denied";

const waiting = new Map<string, (decision: ToolCallDecision) => void>();

/** Waits for the decision on `callId`; "expired" after `timeoutMs`, or when `signal` aborts (the turn ended). */
export function awaitToolCallDecision(
  callId: string,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<ToolCallDecision | "expired"> {
  return new Promise((resolve) => {
    const settle = (decision: ToolCallDecision | "expired") => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      waiting.delete(callId);
      resolve(decision);
    };
    const onAbort = () => settle("expired");
    const timer = setTimeout(onAbort, timeoutMs);
    if (signal.aborted) return settle("expired");
    signal.addEventListener("abort", onAbort, { once: true });
    waiting.set(callId, settle);
  });
}

export function isAwaitingDecision(callId: string): boolean {
  return waiting.has(callId);
}

/** Hands the decision to the waiting turn; false when no turn here waits for it. */
export function deliverToolCallDecision(callId: string, decision: ToolCallDecision): boolean {
  const settle = waiting.get(callId);
  if (!settle) return false;
  settle(decision);
  return true;
}
