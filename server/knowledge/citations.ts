/**
 * Citations of a reply: the passages it was given, numbered [1]…[n] in the prompt, of which
 * the reply names some with those markers. Only the named ones are cited, so a chip always
 * points at something the reply actually used.
 */
import { CITATION_SNIPPET_MAX, type Citation } from "../../contracts/knowledge.js";
import type { KnowledgePassage } from "../providers/llm/llm-provider.js";

/** [1], [2, 3], [1][4] — how models write numbered references. */
const MARKER_GROUP = /\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\]/g;

export function citedMarkers(reply: string, passageCount: number): number[] {
  const cited = new Set<number>();
  for (const match of reply.matchAll(MARKER_GROUP)) {
    for (const part of match[1].split(",")) {
      const n = Number(part.trim());
      if (n >= 1 && n <= passageCount) cited.add(n);
    }
  }
  return [...cited].sort((a, b) => a - b);
}

export function citationsOf(reply: string, passages: KnowledgePassage[]): Citation[] {
  return citedMarkers(reply, passages.length).map((marker) => {
    const passage = passages[marker - 1];
    return {
      marker,
      documentId: passage.documentId,
      title: passage.title,
      snippet: snippetOf(passage.content),
      location: passage.location,
    };
  });
}

function snippetOf(content: string): string {
  const oneSpaced = content.replace(/\s+/g, " ").trim();
  if (oneSpaced.length <= CITATION_SNIPPET_MAX) return oneSpaced;
  const cut = oneSpaced.slice(0, CITATION_SNIPPET_MAX);
  const lastSpace = cut.lastIndexOf(" ");
  return `${lastSpace > CITATION_SNIPPET_MAX * 0.8 ? cut.slice(0, lastSpace) : cut}…`;
}
