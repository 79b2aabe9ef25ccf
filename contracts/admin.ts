/** Admin payloads (spec section 7, /api/admin/*): request schemas and the shapes the admin screens read. */
import { z } from "zod";
import type { ApprovalStatus } from "./auth.js";
import { NewPasswordSchema } from "./auth.js";
import { ADMIN_USERS_PAGE_SIZE } from "./limits.js";
import type { Quotas } from "./usage.js";
import type { VoiceTurnStages } from "./voice.js";

export const ApproveUserSchema = z.object({
  approved: z.boolean({ error: "approved must be true or false" }),
});

export const ResetPasswordSchema = z.object({ newPassword: NewPasswordSchema });

export const AdminUsersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_SIZE).default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;

/** The response header carrying the full count of a paged user list (the body stays a plain list). */
export const TOTAL_COUNT_HEADER = "X-Total-Count";

const RESET_CONFIRM_MESSAGE = 'Send { "confirm": "RESET" } to wipe the system';
export const RESET_CONFIRM_WORD = "RESET";
export const ResetAllSchema = z.object(
  { confirm: z.literal(RESET_CONFIRM_WORD, { error: RESET_CONFIRM_MESSAGE }) },
  { error: RESET_CONFIRM_MESSAGE },
);

export interface ResetAllResult {
  deleted: { agents: number; conversations: number; users: number };
}

/** Lists of conversations and error reports are capped: the screens show the most recent ones. */
export const ADMIN_LIST_LIMIT = 500;

export const CONVERSATION_NOT_FOUND = "Conversation not found.";
export const USER_NOT_FOUND = "User not found";

/** A user as the companies view shows it: phoneNumber is named phone there (spec section 3). */
export interface CompanyUser {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  companyName: string;
  address: string;
  isAdmin: boolean;
  approvalStatus: ApprovalStatus;
  createdAt: string;
}

export interface CompanyAgent {
  id: string;
  userId: string;
  name: string;
  type: string;
  role: string | null;
  isActive: boolean;
  createdAt: string;
}

export interface CompanyWarning {
  agentName: string;
  timestamp: string;
}

export interface CompanyEntry {
  id: string;
  companyName: string;
  /** The company's first user (earliest sign-up). */
  user: CompanyUser;
  users: CompanyUser[];
  agents: CompanyAgent[];
  totalAgents: number;
  agentLimit: number;
  /** Null quotas are unlimited. */
  quotas: Quotas;
  warnings: CompanyWarning[];
}

export interface AdminConversation {
  id: string;
  kind: "text" | "voice";
  title: string;
  userId: string;
  userName: string;
  userEmail: string;
  agentName: string;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
  /** True while a prompt-injection lock is in force. */
  securityLock: boolean;
  lockedUntil: string | null;
}

export interface AdminVoiceConversation extends AdminConversation {
  /** Seconds spoken (durationSeconds). */
  duration: number;
}

export interface AdminMessage {
  id: string;
  conversationId: string;
  role: "user" | "assistant";
  content: string;
  status: string;
  language: string | null;
  timestamp: string;
}

export interface AdminAudioClip {
  id: string;
  mimeType: string;
  createdAt: string;
  /** Streams the clip; an <audio> element can play it directly. */
  url: string;
  /** The message it is the audio of; null for clips saved before clips were linked. */
  messageId: string | null;
  /** The clip's true length when known (WAV header, else the client's measure of its recording). */
  durationMs: number | null;
}

/** A voice conversation's message, with its audio and, for a reply, how the turn went. */
export interface AdminVoiceMessage extends AdminMessage {
  /** The user spoke over the reply: content is what was actually said before the cut. */
  interrupted: boolean;
  /** Server-side stages of the turn this reply answered (ms from the request's arrival). */
  stages: VoiceTurnStages | null;
  /** This message's clips, oldest first. */
  audio: AdminAudioClip[];
}

export interface AdminVoiceMessages {
  messages: AdminVoiceMessage[];
  /** Every clip of the conversation, linked or not, oldest first. */
  audio: AdminAudioClip[];
}
