/**
 * What Stop and Retry do to the transcript, as pure functions the chat session calls (unit
 * tested in turn-controls.test.ts). The server decides what is stored; these only decide what
 * the page shows meanwhile and which failed reply a Retry regenerates.
 */

interface TranscriptEntry {
  key: string;
  /** The stored message's id; null while in flight. */
  id: string | null;
  role: "user" | "assistant";
  status: string;
  content: string;
}

/**
 * The turn a Retry asks for again: only the last reply, when it failed and follows the user's
 * message (an older failed turn has been answered since; asking again would reorder the talk).
 */
export function retryTarget(
  messages: readonly TranscriptEntry[],
): { failedKey: string; failedId: string; text: string } | null {
  const failed = messages.at(-1);
  const question = messages.at(-2);
  if (!failed || failed.role !== "assistant" || failed.status !== "failed") return null;
  if (!question || question.role !== "user" || question.content.trim() === "" || !failed.id) return null;
  // Asked again as a regeneration: the failed reply stays, as the first version.
  return { failedKey: failed.key, failedId: failed.id, text: question.content };
}

interface TurnInFlight {
  userMessageId: string | null;
  reply: string;
  waiting: boolean;
  stopped: boolean;
}

/**
 * The turn in flight once the user pressed Stop. Before the server named the stored message it
 * is dropped (null: the text goes back in the box). After, it stays on screen as stopped, with
 * the words that arrived, until the stored copy (kept by the server as "partial") replaces it.
 */
export function stopTurn<T extends TurnInFlight>(turn: T | null): T | null {
  if (!turn || turn.userMessageId === null) return null;
  return { ...turn, stopped: true, waiting: false };
}
