/**
 * A person in the loop (issue 26): the live conversations list, taking a conversation over
 * from its agent, writing in it, handing it back, and the per-conversation live stream that
 * carries what changed to the user's open chat and to the person watching.
 */
import { z } from "zod";
import { ChatMessageSchema } from "./chat.js";

/** A person's typed message is a chat message: the same bound as the user's. */
export const HUMAN_MESSAGE_MAX_CHARS = 4000;

/** How recent a conversation's last message must be for the live view. */
export const LIVE_WINDOW_MINUTES = 15;

export const LiveConversationSchema = z.object({
  id: z.string(),
  kind: z.enum(["text", "voice"]),
  agentId: z.string().nullable(),
  agentName: z.string(),
  title: z.string(),
  userName: z.string(),
  lastMessage: z.string().nullable(),
  updatedAt: z.string(),
  /** The user asked for a person and nobody has taken over since. */
  needsHuman: z.boolean(),
  /** Who is answering instead of the agent, as the user sees them; null while the agent answers. */
  heldBy: z.string().nullable(),
});
export type LiveConversation = z.infer<typeof LiveConversationSchema>;
export const LiveConversationListSchema = z.array(LiveConversationSchema);

/**
 * GET /api/live-conversations/{id}: one conversation for its agent's owner, as the owner's
 * conversation page shows it (admins read the audited full record under /admin).
 */
export const LiveConversationDetailSchema = z.object({
  conversation: LiveConversationSchema,
  messages: z.array(ChatMessageSchema),
});
export type LiveConversationDetail = z.infer<typeof LiveConversationDetailSchema>;

export const HumanMessageBodySchema = z
  .object({ text: z.string().trim().min(1, "text is required").max(HUMAN_MESSAGE_MAX_CHARS) })
  .strict();
export type HumanMessageBody = z.infer<typeof HumanMessageBodySchema>;

/** A conversation's hold, answered by takeover/release and sent first on the live stream. */
export const TakeoverStateSchema = z.object({
  conversationId: z.string(),
  heldBy: z.string().nullable(),
  /** True for the person asking when they are the one holding it. */
  heldByYou: z.boolean(),
  needsHuman: z.boolean(),
});
export type TakeoverState = z.infer<typeof TakeoverStateSchema>;

export const HumanMessageSentSchema = z.object({ id: z.string(), createdAt: z.string() });

/**
 * Events of GET /api/conversations/{id}/live (text/event-stream). They name what changed; the
 * client refetches the messages (STYLE.md: realtime carries invalidation).
 */
export const CONVERSATION_LIVE_EVENTS = { state: "state", messages: "messages" } as const;

/**
 * Events of GET /api/live-conversations/events (text/event-stream), for an agent's owner who is
 * not on the admin channel: `ready` once, then `changed` whenever a conversation with one of
 * their agents changes (the client reads the list again).
 */
export const OWNER_LIVE_EVENTS = { ready: "ready", changed: "changed" } as const;
