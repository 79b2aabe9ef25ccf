/** The built-ins the app offers itself (issue 24): today `search_knowledge`, over the agent's own documents. */
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
