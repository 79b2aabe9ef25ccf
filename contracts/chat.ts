/** Text chat payloads shared by server and web (spec sections 3 and 7), plus the SSE event names. */
import { z } from "zod";
import { CitationSchema } from "./knowledge.js";
import { CHAT_MESSAGE_MAX, SECURITY_LOCK_MINUTES } from "./limits.js";

export const ChatRequestSchema = z.object({
  message: z
    .string({ error: "message is required" })
    .max(CHAT_MESSAGE_MAX, `message must be at most ${CHAT_MESSAGE_MAX} characters`)
    // Checked after the length bound so a huge whitespace payload is refused without trimming it.
    .refine((value) => value.trim().length > 0, "message must not be empty"),
  conversationId: z.uuid({ error: "conversationId must be a conversation id" }).nullable().optional(),
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

/** 423 body while a conversation is locked. */
export const ChatLockedSchema = z.object({ message: z.string(), minutesLeft: z.number().int() });
export type ChatLocked = z.infer<typeof ChatLockedSchema>;

/** A refusal or failure; conversationId is set when the user's message was stored before it. */
export const ChatFailedSchema = z.object({ message: z.string(), conversationId: z.string().optional() });

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
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

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
export interface ChatSseError {
  status: number;
  message: string;
}

/** The reply to a message that trips the lock, and the 'Security Alert' toast's text (spec section 8). */
export const SECURITY_LOCK_NOTICE = `This conversation has been locked for security reasons. Please try again in ${SECURITY_LOCK_MINUTES} minutes.`;
export const lockedMessage = (minutesLeft: number) =>
  `This conversation has been locked for security reasons. Please try again in ${minutesLeft} minute${minutesLeft === 1 ? "" : "s"}.`;
export const UNTITLED_CONVERSATION = "Untitled Conversation";
export const CONVERSATION_TITLE_MAX = 80;
