/**
 * The steps an agent took with its tools, per user message: the stored record of the
 * conversation, and the live steps of the turn in flight (its tool_call and tool_result events),
 * the live ones winning until the record catches up.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { ChatSseToolCall, ChatSseToolResult } from "../../../contracts/chat";
import type { ToolCallStep } from "../../../contracts/tool-calls";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { conversationToolCallsQuery, decideToolCall, toolCallKeys } from "./tool-call-queries";

/** A step as shown: the record's fields, plus whether its result was withheld from the agent. */
export interface ToolStepView {
  id: string;
  messageId: string;
  name: string;
  arguments: string;
  outcome: ToolCallStep["outcome"];
  summary: string;
  ms: number | null;
  withheld: boolean;
}

export function useToolSteps(conversationId: string | null) {
  const queryClient = useQueryClient();
  const stored = useQuery({
    ...conversationToolCallsQuery(conversationId ?? "none"),
    enabled: conversationId !== null,
  });
  const [live, setLive] = useState<ToolStepView[]>([]);
  const [deciding, setDeciding] = useState<string | null>(null);

  const onToolCall = useCallback((messageId: string, event: ChatSseToolCall) => {
    const step: ToolStepView = {
      id: event.id,
      messageId,
      name: event.name,
      arguments: event.arguments,
      outcome: event.status,
      summary: "",
      ms: null,
      withheld: false,
    };
    setLive((steps) => [...steps.filter((s) => s.id !== event.id), step]);
  }, []);
  const onToolResult = useCallback((event: ChatSseToolResult) => {
    setLive((steps) =>
      steps.map((s) =>
        s.id === event.id
          ? {
              ...s,
              outcome: event.withheld
                ? "withheld"
                : event.refused
                  ? "refused"
                  : event.ok
                    ? "ok"
                    : s.outcome === "awaiting_approval"
                      ? "denied"
                      : "failed",
              summary: event.summary,
              ms: event.ms,
              withheld: event.withheld === true,
            }
          : s,
      ),
    );
  }, []);
  const refresh = useCallback(
    async (id: string | null) => {
      if (id) await queryClient.invalidateQueries({ queryKey: toolCallKeys.ofConversation(id) });
    },
    [queryClient],
  );

  async function decide(callId: string, decision: "approve" | "deny"): Promise<void> {
    if (!conversationId) return;
    setDeciding(callId);
    try {
      await decideToolCall(conversationId, callId, decision);
    } catch (error) {
      const detail = error instanceof ApiError ? error.serverMessage : null;
      toast({ title: "Could not send your decision", description: detail ?? undefined, variant: "destructive" });
    } finally {
      setDeciding(null);
    }
  }

  const byMessage = new Map<string, ToolStepView[]>();
  const liveIds = new Set(live.map((s) => s.id));
  for (const row of stored.data ?? []) {
    if (liveIds.has(row.id)) continue;
    const list = byMessage.get(row.messageId) ?? [];
    list.push({ ...row, withheld: row.outcome === "withheld" });
    byMessage.set(row.messageId, list);
  }
  for (const step of live) byMessage.set(step.messageId, [...(byMessage.get(step.messageId) ?? []), step]);

  return { byMessage, onToolCall, onToolResult, refresh, decide, deciding };
}
