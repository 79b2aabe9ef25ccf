/**
 * An OpenAI client's `messages` as a turn of the shared conversation engine: the last user
 * message is the turn's message, the ones before it its history (decision 108). The client's
 * `system` and `developer` messages become user turns: only the agent's persona instructs the
 * model, and whatever the client says is content it may weigh, not orders it must follow.
 */
import {
  COMPLETION_CHARS_MAX,
  COMPLETION_MESSAGE_MAX,
  type CompletionMessage,
} from "../../../contracts/openai-compatible.js";
import { apiError } from "../../http/http-error.js";
import type { ChatTurn } from "../../providers/llm/llm-provider.js";

export interface CompletionTurns {
  history: ChatTurn[];
  message: string;
}

const invalid = (message: string) => apiError("INVALID_INPUT", { message, field: "messages" });

/** A message's text: a string, or its text parts joined; images, audio and files are refused. */
function textOf(message: CompletionMessage, index: number): string {
  const { content } = message;
  if (content === null || content === undefined) return "";
  if (typeof content === "string") return content;
  return content
    .map((part) => {
      if (part.type !== "text" || typeof part.text !== "string") {
        throw invalid(`messages[${index}]: only text content parts are supported (got ${part.type.slice(0, 40)})`);
      }
      return part.text;
    })
    .join("\n");
}

export function completionTurns(messages: readonly CompletionMessage[]): CompletionTurns {
  const turns: ChatTurn[] = [];
  let chars = 0;
  messages.forEach((message, index) => {
    if (message.role === "tool") {
      throw invalid(`messages[${index}]: tool messages are not supported; the agent's own tools run on the server`);
    }
    const content = textOf(message, index);
    chars += content.length;
    if (chars > COMPLETION_CHARS_MAX) {
      throw invalid(`messages may hold at most ${COMPLETION_CHARS_MAX} characters in all`);
    }
    // An assistant message with only tool calls has no text to remember.
    if (content.trim() === "") return;
    turns.push({ role: message.role === "assistant" ? "assistant" : "user", content });
  });
  const last = turns.at(-1);
  const lastSent = messages.at(-1);
  if (!last || last.role !== "user" || lastSent?.role === "assistant") throw apiError("NO_USER_MESSAGE");
  if (last.content.length > COMPLETION_MESSAGE_MAX) {
    throw invalid(`the last message may be at most ${COMPLETION_MESSAGE_MAX} characters`);
  }
  return { history: turns.slice(0, -1), message: last.content };
}
