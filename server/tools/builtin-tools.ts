/**
 * The built-ins the app offers itself: `search_knowledge` over the agent's own documents (issue
 * 24), and `handoff_to_human`, the agent asking a person from the team to join (issue 26).
 */
export const SEARCH_KNOWLEDGE_DESCRIPTION =
  "Search this agent's own documents (its knowledge) and return the passages that best match the query.";

export const SEARCH_KNOWLEDGE_PARAMETERS = {
  type: "object",
  properties: { query: { type: "string", description: "What to look for, in a few words" } },
  required: ["query"],
};

export function searchKnowledgeResult(
  query: string,
  passages: { title: string; location: string | null; content: string }[],
): { content: string; summary: string } {
  if (passages.length === 0) return { content: "No passage matches.", summary: `No passage matches "${query}"` };
  const content = passages
    .map(({ title, location, content: text }) => `[${title}${location ? `, ${location}` : ""}]\n${text}`)
    .join("\n\n");
  return { content, summary: `${passages.length} passage(s) for "${query}"` };
}

export const HANDOFF_TO_HUMAN_DESCRIPTION =
  "Ask a person from the team to join this conversation. Use it when the user wants a person, or when you cannot help them further yourself.";

export const HANDOFF_TO_HUMAN_PARAMETERS = {
  type: "object",
  properties: { reason: { type: "string", description: "Why a person is needed, in a few words" } },
};

/** What the model is told once a person was asked for: to say so honestly, and to go on helping. */
export function handoffResult(reason: unknown): { content: string; summary: string } {
  const why = typeof reason === "string" && reason.trim() ? reason.trim().slice(0, 200) : null;
  return {
    content:
      "A person from the team has been asked to join this conversation. Tell the user so honestly: someone will reply here as soon as they are free, and until then you keep helping.",
    summary: why ? `Asked a person to join: ${why}` : "Asked a person to join",
  };
}
