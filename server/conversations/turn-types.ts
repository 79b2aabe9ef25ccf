/**
 * The shapes of a conversation turn: what a channel hands in (TurnInput, or TurnRequest by ids),
 * what comes back (StartedTurn, then TurnEvents). Kept apart from turn.ts so the modules a turn
 * calls (the locking turn) can name them without importing the turn itself.
 */
import type { FastifyBaseLogger } from "fastify";
import type { ChatSseToolCall, ChatSseToolResult } from "../../contracts/chat.js";
import type { Citation } from "../../contracts/knowledge.js";
import type { LanguageCode } from "../../contracts/voice.js";
import type { AgentRow } from "../agents/agent-view.js";
import type { UserRow } from "../auth/user-view.js";
import type { ChatTurn } from "../providers/llm/llm-provider.js";
import type { QuotaReservation, TurnUsageRecord } from "../usage/queries.js";
import type { ConversationKind } from "./queries.js";

/** Takes a finished turn's usage; a voice turn passes its own, to add its seconds first. */
export type TurnMeter = (usage: TurnUsageRecord) => Promise<void>;

export interface TurnInput {
  user: UserRow;
  agent: AgentRow;
  conversationId: string;
  message: string;
  language: LanguageCode;
  signal: AbortSignal;
  /**
   * Aborts when a person takes the conversation over mid-reply (issue 26): the reply ends as a
   * Stop ends it (kept, partial) and the turn finishes with `done` carrying what was said.
   */
  stop?: AbortSignal;
  requestLog?: FastifyBaseLogger;
  /**
   * Takes the finished turn's usage. The default records it at once; a voice turn passes its
   * own, to add the seconds it spoke before recording.
   */
  meter?: TurnMeter;
  /** A voice turn: the model is asked for short spoken answers and the stored reply is its words only. */
  spoken?: boolean;
  /** The reply's id, allocated up front so the client can name it while it streams. */
  assistantMessageId?: string;
  /** A user message of this conversation to delete, with its reply, as this one is stored (see beginTurn). */
  replaces?: string;
  /**
   * A text turn that branches (message-tree-sql.ts): an edit of user message `of` (a sibling
   * with `message`), or a regeneration of `of`'s reply (`message` is then `of`'s stored text).
   */
  branch?: { kind: "edit" | "regenerate"; of: string };
  /**
   * Asked when the client leaves mid-reply: whether to keep what was written (status "partial").
   * Text chat keeps it (the user saw it); a voice turn keeps it only once some of it was spoken.
   */
  keepUnfinishedReply?: () => boolean;
  /** A voice turn: the seconds the user spoke, reserved against the voice quota with the reply's estimate. */
  heardSeconds?: number | null;
  /** What the turn's admission reserved against the month quotas; its usage record settles it. */
  reserved?: QuotaReservation | null;
  /**
   * A channel facing people outside the company (a published agent's guests): only these of the
   * agent's configured tools (by id) are offered, and none that asks for approval, since a guest
   * has no one to approve it. Absent for members, who get every tool.
   */
  toolIdsAllowed?: readonly string[];
  /**
   * A channel whose client keeps the conversation itself (the /v1 API, decision 108): the turns
   * before this one, as the client sent them, used instead of the stored history. Each is
   * checked by the security lock like the message itself.
   */
  history?: readonly ChatTurn[];
}

/** A tool step of the reply (issue 24): a call begins (or waits for approval), a call ends. */
export type ToolStepEvent = ({ type: "tool_call" } & ChatSseToolCall) | ({ type: "tool_result" } & ChatSseToolResult);

export type TurnEvent =
  | { type: "delta"; text: string }
  | ToolStepEvent
  | { type: "done"; response: string; securityLock: boolean; offline: boolean; citations: Citation[] };

/** A turn whose user message is stored; `events` streams the rest. */
export interface StartedTurn {
  userMessageId: string;
  events: AsyncGenerator<TurnEvent>;
}

export interface TurnRequest extends Omit<TurnInput, "agent" | "conversationId"> {
  agentId: string;
  /** Null opens a new conversation of `kind`, titled `title`. */
  conversationId: string | null;
  /** Required of an existing conversation when given. */
  kind?: ConversationKind;
  title: string;
}
