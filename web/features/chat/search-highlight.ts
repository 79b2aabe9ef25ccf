/**
 * Splits a search result's text into plain and matched parts, the way the server matched:
 * every place the text holds a typed word, whatever the case (contracts' conversationSearchTerms).
 */
import { conversationSearchTerms } from "../../../contracts/chat";

export interface TextPart {
  text: string;
  match: boolean;
}

export function highlightParts(text: string, typed: string): TextPart[] {
  const words = conversationSearchTerms(typed);
  // Lowercasing keeps positions for nearly every character; where it would not, nothing is marked.
  const lower = text.toLowerCase();
  const marked = new Array<boolean>(text.length).fill(false);
  if (lower.length === text.length) {
    for (const word of words) {
      for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
        marked.fill(true, at, at + word.length);
      }
    }
  }
  const parts: TextPart[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || marked[i] !== marked[start]) {
      parts.push({ text: text.slice(start, i), match: marked[start] ?? false });
      start = i;
    }
  }
  return parts;
}
