/** A conversation's title, made from its first message: the first sentence, on one line, bounded. */
import { CONVERSATION_TITLE_MAX, UNTITLED_CONVERSATION } from "../../contracts/chat.js";

const ELLIPSIS = "…";
// A sentence ends at . ! ? (or their CJK forms) followed by a space or the end; "3.5" and
// "example.com" do not end one. A line break ends one too: people type a heading, then details.
const SENTENCE_END = /([.!?…]+)(?=\s|$)|[。！？]|\n/u;

export function titleFromMessage(message: string): string {
  const trimmed = message.trim();
  const end = SENTENCE_END.exec(trimmed);
  let sentence = end ? trimmed.slice(0, end.index + (end[0] === "\n" ? 0 : end[0].length)) : trimmed;
  // A closing full stop adds nothing to a title; a question mark says what kind of talk it was.
  sentence = sentence
    .replace(/\s+/g, " ")
    .replace(/(?<![.])\.$/u, "")
    .trim();
  // Punctuation alone ("...", "?") names nothing.
  if (!/[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(sentence)) return UNTITLED_CONVERSATION;

  const codePoints = Array.from(sentence);
  if (codePoints.length <= CONVERSATION_TITLE_MAX) return sentence;
  const head = codePoints.slice(0, CONVERSATION_TITLE_MAX - 1).join("");
  const lastSpace = head.lastIndexOf(" ");
  // Cut at a word boundary unless that would throw away most of the title.
  const cut = lastSpace > CONVERSATION_TITLE_MAX / 2 ? head.slice(0, lastSpace) : head;
  return `${cut.replace(/[\s,.;:!?-]+$/u, "")}${ELLIPSIS}`;
}
