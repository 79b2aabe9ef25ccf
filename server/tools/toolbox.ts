/**
 * The contract between an agent's configured tools (server/tools/, issue 24) and the conversation
 * turn that offers them to the model (server/conversations/). The turn never knows whether a tool
 * is an MCP server's, an HTTP action or a built-in: it asks for the agent's toolbox, hands
 * `tools` to the model, and runs each call the model asks for through `call`.
 */

import type { ToolPolicy } from "../../contracts/tools.js";

/** A JSON Schema object describing a tool's arguments, as OpenAI's `function.parameters`. */
export type JsonSchemaObject = Record<string, unknown>;

/** How a call is let through: at once, or after a person approves it in the chat (a voice call offers only the first). */
export type ToolApproval = "auto" | "ask";

/** One function the model may call, as it is offered in the request's `tools`. */
export interface OfferedTool {
  /** Unique within the agent's toolbox; the name the model calls (`^[a-zA-Z0-9_-]{1,64}$`). */
  name: string;
  description: string;
  parameters: JsonSchemaObject;
  approval: ToolApproval;
  /** The configured tool (agent_tools row) this function comes from; built-ins have their own name. */
  toolId: string;
  kind: "mcp" | "http" | "builtin";
}

/** A call the model asked for; `arguments` is the model's raw JSON text. */
export interface ToolCallRequest {
  id: string;
  name: string;
  arguments: string;
  /** The conversation the call is made in: what a built-in acting on it (handoff_to_human) needs. */
  conversationId?: string;
}

export interface ToolCallResult {
  ok: boolean;
  /** What the model is given back (already size-capped); never holds a secret. */
  content: string;
  /** A short line for people: shown in the chat step and the admin's conversation view. */
  summary: string;
  /** Wall time of the call itself. */
  ms: number;
}

/** An agent's tools for one turn. */
export interface AgentToolbox {
  tools: OfferedTool[];
  /** The admin's policy the calls run under (read with the tools): limits per turn and per company. */
  policy: ToolPolicy;
  /** Runs one call. Never throws for a tool's own failure (timeouts, refusals, bad JSON): returns ok=false. */
  call(request: ToolCallRequest, signal: AbortSignal): Promise<ToolCallResult>;
}
