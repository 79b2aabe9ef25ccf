/** Text chat payloads shared by server and web (spec sections 3 and 7), plus the SSE event names. */
import { z } from "zod";
import { CitationSchema } from "./knowledge.js";
import { CHAT_MESSAGE_MAX, SECURITY_LOCK_MINUTES } from "./limits.js";
import type { ApiErrorBody } from "./errors.js";

/**
 * A turn: a new message, an edit (`editOf`: a user message the new one is another version of;
 * the old stays), or a regeneration (`regenerateOf`: a reply, or a user message, answered again
 * beside the earlier replies; no `message`, the stored one is asked again). Both need the
 * conversation; another person's message ids are as unknown as missing ones (404).
 */
export const ChatRequestSchema = z
  .object({
    message: z
      .string({ error: "message is required" })
      .max(CHAT_MESSAGE_MAX, `message must be at most ${CHAT_MESSAGE_MAX} characters`)
      // Checked after the length bound so a huge whitespace payload is refused without trimming it.
      .refine((value) => value.trim().length > 0, "message must not be empty")
      .optional(),
    conversationId: z.uuid({ error: "conversationId must be a conversation id" }).nullable().optional(),
    editOf: z.uuid({ error: "editOf must be a message id" }).optional(),
    regenerateOf: z.uuid({ error: "regenerateOf must be a message id" }).optional(),
  })
  .superRefine((value, context) => {
    if (value.message === undefined && !value.regenerateOf) {
      context.addIssue({ code: "custom", path: ["message"], message: "message is required" });
    }
    if (value.editOf && value.regenerateOf) {
      context.addIssue({ code: "custom", path: ["regenerateOf"], message: "give editOf or regenerateOf, not both" });
    }
    if (value.regenerateOf && value.message !== undefined) {
      context.addIssue({ code: "custom", path: ["message"], message: "a regeneration asks the stored message again" });
    }
    if ((value.editOf || value.regenerateOf) && !value.conversationId) {
      context.addIssue({ code: "custom", path: ["conversationId"], message: "conversationId is required to branch" });
    }
  });
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

export const ChatResponseSchema = z.object({
  conversationId: z.string(),
  response: z.string(),
  securityLock: z.boolean(),
  /** True when the built-in offline responder answered because no model is configured. */
  offline: z.boolean(),
  /** The knowledge passages the reply cites, by marker (contracts/knowledge.ts). */
  citations: z.array(CitationSchema),
});
export type ChatResponse = z.infer<typeof ChatResponseSchema>;

/** 423 body while a conversation is locked: the catalogue's CONVERSATION_LOCKED (contracts/errors.ts). */
export const ChatLockedSchema = z.looseObject({ code: z.string(), message: z.string(), minutesLeft: z.number().int() });
export type ChatLocked = z.infer<typeof ChatLockedSchema>;

/** A refusal or failure; conversationId is set when the user's message was stored before it. */
export const ChatFailedSchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  conversationId: z.string().optional(),
});

export const MESSAGE_STATUSES = ["complete", "partial", "failed", "blocked"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const ChatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  offline: z.boolean(),
  language: z.string().nullable(),
  /** The knowledge passages an assistant reply cites; empty when none. */
  citations: z.array(CitationSchema),
  createdAt: z.string(),
  /** The spec's name for createdAt. */
  timestamp: z.string(),
  /**
   * This message's versions, itself included, oldest first: more than one when an edit or a
   * regeneration made others (the branch switcher's "2/2"). The id to show another is in here.
   */
  siblingIds: z.array(z.string()),
  /** A reply a person typed while holding the conversation: their name as the user saw it ("Sam from Acme"); null for the agent's. */
  authorName: z.string().nullable().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** PUT /api/conversations/{id}/branch: show the branch through this message (one of `siblingIds`). */
export const BranchChoiceSchema = z.object({ messageId: z.uuid({ error: "messageId must be a message id" }) }).strict();
export type BranchChoice = z.infer<typeof BranchChoiceSchema>;

export const ConversationSummarySchema = z.object({
  id: z.string(),
  agentId: z.string().nullable(),
  agentName: z.string(),
  title: z.string(),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Locked right now. */
  securityLock: z.boolean(),
  lockedUntil: z.string().nullable(),
  /** Pinned by its person: pinned conversations lead the list. */
  pinned: z.boolean(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

/** A title a person types; longer than the generated ones (80), still one line in the list. */
export const CONVERSATION_TITLE_LIMIT = 120;
/** Input past this is refused before it is trimmed. */
const CONVERSATION_TITLE_MAX_INPUT = 1000;

/** PATCH /api/conversations/{id}: a new title, a pin, or both. */
export const ConversationUpdateSchema = z
  .object({
    title: z
      .string({ error: "title must be text" })
      .max(CONVERSATION_TITLE_MAX_INPUT, `title must be at most ${CONVERSATION_TITLE_MAX_INPUT} characters`)
      .transform((value) => value.trim())
      .refine((value) => value.length > 0, "title must not be empty")
      .refine(
        (value) => value.length <= CONVERSATION_TITLE_LIMIT,
        `title must be at most ${CONVERSATION_TITLE_LIMIT} characters`,
      )
      .optional(),
    pinned: z.boolean({ error: "pinned must be true or false" }).optional(),
  })
  .strict()
  .refine((value) => value.title !== undefined || value.pinned !== undefined, "give a title or pinned");
export type ConversationUpdate = z.input<typeof ConversationUpdateSchema>;

export const CONVERSATION_SEARCH_MAX = 200;
/** Words past this many in one search are ignored. */
export const CONVERSATION_SEARCH_MAX_WORDS = 8;

/**
 * What a conversation search looks for: the typed words (split at white space), lowercased,
 * each found as a substring of any script ("zanzib" finds "Zanzibar", "会議" finds
 * "東京の会議について", "50%" finds "50%" literally). Server and highlighting both use it.
 */
export function conversationSearchTerms(typed: string): string[] {
  const words = typed.normalize("NFC").toLowerCase().split(/\s+/u).filter(Boolean);
  return [...new Set(words)].slice(0, CONVERSATION_SEARCH_MAX_WORDS);
}
export const ConversationSearchQuerySchema = z.object({
  q: z
    .string({ error: "q is required" })
    .max(CONVERSATION_SEARCH_MAX, `q must be at most ${CONVERSATION_SEARCH_MAX} characters`),
});

/** A conversation found by words: where they matched, as plain text (the client marks the words). */
export const ConversationSearchResultSchema = ConversationSummarySchema.extend({
  /** A stretch of the first matching message, or null when only the title matched. */
  snippet: z.string().nullable(),
});
export type ConversationSearchResult = z.infer<typeof ConversationSearchResultSchema>;

/**
 * Server-sent events of POST /api/chat/{agentId} with `Accept: text/event-stream`
 * (documented in docs/api.md): `conversation` first, then `delta`s, then `done` or `error`.
 */
export const CHAT_SSE_EVENTS = {
  conversation: "conversation",
  delta: "delta",
  done: "done",
  error: "error",
  toolCall: "tool_call",
  toolResult: "tool_result",
} as const;

export interface ChatSseConversation {
  conversationId: string;
  /** The stored user message. */
  userMessageId: string;
  /** Known before the first delta, so the client can choose live text or the typing reveal. */
  offline: boolean;
}
export interface ChatSseDelta {
  text: string;
}
export type ChatSseDone = ChatResponse;
/**
 * The agent calls a tool (issue 24): `running`, or `awaiting_approval` until the person answers
 * POST /api/conversations/{cid}/tool-calls/{id}/approve or /deny (then `running` again if approved).
 */
export interface ChatSseToolCall {
  /** The call's record id (tool_calls): what approve and deny name. */
  id: string;
  name: string;
  /** The model's arguments, as JSON text. */
  arguments: string;
  status: "running" | "awaiting_approval";
}
/**
 * How a tool call ended; `withheld`: the result looked like an injection and was shown here, not to
 * the model; `refused`: it was never run.
 */
export interface ChatSseToolResult {
  id: string;
  ok: boolean;
  summary: string;
  ms: number;
  withheld?: boolean;
  /** The call was not run: past the company's daily cap or the reply's limit (the summary says which). */
  refused?: boolean;
}
/** A refusal told inside the stream: the catalogued body (contracts/errors.ts) and the status it would have had. */
export interface ChatSseError extends ApiErrorBody {
  status: number;
}

/** The reply to a message that trips the lock, and the 'Security Alert' toast's text (spec section 8). */
export const SECURITY_LOCK_NOTICE = `This conversation has been locked for security reasons. Please try again in ${SECURITY_LOCK_MINUTES} minutes.`;
export const lockedMessage = (minutesLeft: number) =>
  `This conversation has been locked for security reasons. Please try again in ${minutesLeft} minute${minutesLeft === 1 ? "" : "s"}.`;
export const UNTITLED_CONVERSATION = "Untitled Conversation";
export const CONVERSATION_TITLE_MAX = 80;
