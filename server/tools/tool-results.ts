/** What a tool call gives back: the model's text capped in size, and a short line for people. */
import type { ToolCallResult } from "./toolbox.js";

/** The most a result gives the model, in characters; the rest is cut with a note saying so. */
export const TOOL_RESULT_MAX_CHARS = 16_000;
const SUMMARY_MAX_CHARS = 200;

export function cappedContent(text: string): string {
  if (text.length <= TOOL_RESULT_MAX_CHARS) return text;
  return `${text.slice(0, TOOL_RESULT_MAX_CHARS)}\n…(cut: the result was ${text.length} characters)`;
}

export function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= SUMMARY_MAX_CHARS ? line : `${line.slice(0, SUMMARY_MAX_CHARS - 1)}…`;
}

export function toolResult(ok: boolean, content: string, summary: string, startedAt: number): ToolCallResult {
  return {
    ok,
    content: cappedContent(content),
    summary: oneLine(summary),
    ms: Math.round(performance.now() - startedAt),
  };
}

/** A failure told to the model and to people in the same words (they never carry a secret). */
export function toolFailure(message: string, startedAt: number): ToolCallResult {
  return toolResult(false, `The tool failed: ${message}`, message, startedAt);
}

/** The model's arguments as an object; a string, array or broken JSON is refused. */
export function parseArguments(text: string): Record<string, unknown> | string {
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return "the arguments are not valid JSON";
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    return "the arguments must be a JSON object";
  return parsed as Record<string, unknown>;
}

/** A readable reason for any failure, without a stack. */
export function failureMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
