/**
 * Error texts that more than one feature answers with, written once (issue 20: "Agent not found"
 * was written in three places). The start of the error catalogue: each will gain a stable code.
 */
export const AGENT_NOT_FOUND = "Agent not found";
export const AGENT_INACTIVE = "This agent is inactive. Activate it before chatting with it.";
export const CONVERSATION_NOT_FOUND = "Conversation not found";
/** An agent whose Calls capability is off takes no voice conversation. */
export const AGENT_CALLS_OFF =
  "Calls are turned off for this agent. Its owner can turn them on in the agent's settings.";
