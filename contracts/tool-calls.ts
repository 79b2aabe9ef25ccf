/** The record of an agent's tool calls (issue 24), as the chat and the admin's conversation view show them. */
import { z } from "zod";

export const TOOL_CALL_OUTCOMES = [
  "awaiting_approval",
  "running",
  "ok",
  "failed",
  "denied",
  "withheld",
  "refused",
] as const;

/**
 * Outcomes of calls that reached their tool (or are reaching it): what the per-company daily cap
 * and the usage figures count as a tool call (decision 148). A call denied, refused by a limit or
 * never approved did not run and is not counted.
 */
export const TOOL_CALL_OUTCOMES_THAT_RAN = ["running", "ok", "failed", "withheld"] as const;

export const ToolCallStepSchema = z.object({
  id: z.string(),
  /** The turn's user message; the reply that answers it made the call. */
  messageId: z.string(),
  name: z.string(),
  /** The model's arguments, as JSON text. */
  arguments: z.string(),
  outcome: z.enum(TOOL_CALL_OUTCOMES),
  summary: z.string(),
  ms: z.number().int().nullable(),
  /** Who approved or denied it; null when it needed no approval. */
  decidedBy: z.string().nullable(),
  /** Their name, as the admin's conversation view shows it; null when nobody decided (or the account is gone). */
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ToolCallStep = z.infer<typeof ToolCallStepSchema>;
