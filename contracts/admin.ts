/** Admin payloads (spec section 7, /api/admin/*): request schemas and the shapes the admin screens read. */
import { z } from "zod";
import { ApprovalStatusSchema, NewPasswordSchema } from "./auth.js";
import { ADMIN_USERS_PAGE_SIZE } from "./limits.js";
import { QuotasSchema } from "./usage.js";
import { VoiceTurnStagesSchema } from "./voice.js";

export const ApproveUserSchema = z.object({ approved: z.boolean({ error: "approved must be true or false" }) });

export const ResetPasswordSchema = z.object({ newPassword: NewPasswordSchema });

/** 200 of POST /api/admin/users/{id}/unlock: the account's failed sign-ins no longer hold it back. */
export const UnlockSignInResultSchema = z.object({
  message: z.string(),
  /** How many recorded failures stopped counting against the account (they still slow their addresses). */
  failuresForgiven: z.number().int(),
});
export type UnlockSignInResult = z.infer<typeof UnlockSignInResultSchema>;

/** POST /api/admin/users/{id}/admin: make someone an administrator, or no longer one. */
export const SetAdminSchema = z.object({ isAdmin: z.boolean({ error: "isAdmin must be true or false" }) });
export type SetAdminInput = z.infer<typeof SetAdminSchema>;

export const LAST_ADMIN_DEMOTE = "Cannot demote the last administrator";
export const LAST_ADMIN_DELETE = "Cannot delete the last administrator";
export const SELF_DELETE = "You cannot delete your own account";

/**
 * DELETE /api/admin/users/{id}: what becomes of the person's agents. "transfer" hands them to
 * `transferTo`, an approved colleague of the same company; "delete" deletes them (their
 * conversations stay, under the agent's name).
 */
export const DeleteUserSchema = z.discriminatedUnion(
  "agents",
  [
    z.object({
      agents: z.literal("transfer"),
      transferTo: z.string({ error: "Choose who receives the agents" }).max(100),
    }),
    z.object({ agents: z.literal("delete") }),
  ],
  { error: 'agents must be "transfer" (with transferTo) or "delete"' },
);
export type DeleteUserInput = z.infer<typeof DeleteUserSchema>;

/** GET /api/admin/users/{id}/deletion: what deleting the user involves, for the confirmation. */
export const UserDeletionPlanSchema = z.object({
  agentCount: z.number().int(),
  /** Approved colleagues of the same company who could receive the agents. */
  colleagues: z.array(z.object({ id: z.string(), fullName: z.string(), email: z.string() })),
});
export type UserDeletionPlan = z.infer<typeof UserDeletionPlanSchema>;

export const DeleteUserResultSchema = z.object({
  message: z.string(),
  agentsTransferred: z.number().int(),
  agentsDeleted: z.number().int(),
});
export type DeleteUserResult = z.infer<typeof DeleteUserResultSchema>;

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

/** 409 of a reset whose caller an earlier, concurrent reset removed: it wiped nothing. */
export const RESET_CALLER_GONE =
  "Another administrator reset the system first; your account was removed by that reset.";

export const ResetAllResultSchema = z.object({
  deleted: z.object({ agents: z.number().int(), conversations: z.number().int(), users: z.number().int() }),
});
export type ResetAllResult = z.infer<typeof ResetAllResultSchema>;

/** Lists of conversations and error reports are capped: the screens show the most recent ones. */
export const ADMIN_LIST_LIMIT = 500;

/** A user as the companies view shows it: phoneNumber is named phone there (spec section 3). */
export const CompanyUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  companyName: z.string(),
  address: z.string(),
  isAdmin: z.boolean(),
  approvalStatus: ApprovalStatusSchema,
  createdAt: z.string(),
});
export type CompanyUser = z.infer<typeof CompanyUserSchema>;

export const CompanyAgentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  type: z.string(),
  role: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type CompanyAgent = z.infer<typeof CompanyAgentSchema>;

export const CompanyWarningSchema = z.object({ agentName: z.string(), timestamp: z.string() });
export type CompanyWarning = z.infer<typeof CompanyWarningSchema>;

const KnowledgeMegabytesSchema = z
  .number()
  .int()
  .nullable()
  .describe("The company's knowledge storage in MB (its members' documents together); null: no limit.");

export const CompanyEntrySchema = z.object({
  id: z.string(),
  companyName: z.string(),
  user: CompanyUserSchema.describe("The company's first user (earliest sign-up)."),
  users: z.array(CompanyUserSchema),
  agents: z.array(CompanyAgentSchema),
  totalAgents: z.number().int(),
  agentLimit: z.number().int(),
  quotas: QuotasSchema,
  knowledgeMegabytes: KnowledgeMegabytesSchema,
  warnings: z.array(CompanyWarningSchema),
});
export type CompanyEntry = z.infer<typeof CompanyEntrySchema>;

/** PATCH /api/admin/companies/{id}: the company's limits after the change. */
export const CompanyLimitsSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  agentLimit: z.number().int(),
  quotas: QuotasSchema,
  knowledgeMegabytes: KnowledgeMegabytesSchema,
});
export type CompanyLimits = z.infer<typeof CompanyLimitsSchema>;

export const AdminConversationSchema = z.object({
  id: z.string(),
  kind: z.enum(["text", "voice"]),
  title: z.string(),
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  agentName: z.string(),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  securityLock: z.boolean().describe("True while a prompt-injection lock is in force."),
  lockedUntil: z.string().nullable(),
  deletedAt: z.string().nullable().describe("When its person deleted it (hidden from them, kept for admins)."),
});
export type AdminConversation = z.infer<typeof AdminConversationSchema>;

export const AdminVoiceConversationSchema = AdminConversationSchema.extend({
  duration: z.number().describe("Seconds spoken (durationSeconds)."),
});
export type AdminVoiceConversation = z.infer<typeof AdminVoiceConversationSchema>;

export const AdminMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  status: z.string(),
  language: z.string().nullable(),
  timestamp: z.string(),
  versionIndex: z
    .number()
    .int()
    .describe(
      "Which version this is (1-based) among the message's siblings: an edit's or regeneration's alternatives.",
    ),
  versionCount: z.number().int().describe("How many versions there are; 1 when none was edited or regenerated."),
});
export type AdminMessage = z.infer<typeof AdminMessageSchema>;

export const AdminAudioClipSchema = z.object({
  id: z.string(),
  mimeType: z.string(),
  createdAt: z.string(),
  url: z.string().describe("Streams the clip; an <audio> element can play it directly."),
  messageId: z
    .string()
    .nullable()
    .describe("The message it is the audio of; null for clips saved before clips were linked."),
  durationMs: z
    .number()
    .int()
    .nullable()
    .describe("The clip's true length when known (WAV header, else the client's measure of its recording)."),
});
export type AdminAudioClip = z.infer<typeof AdminAudioClipSchema>;

/** A voice conversation's message, with its audio and, for a reply, how the turn went. */
export const AdminVoiceMessageSchema = AdminMessageSchema.extend({
  interrupted: z.boolean().describe("The user spoke over the reply: content is what was actually said before the cut."),
  stages: VoiceTurnStagesSchema.nullable().describe(
    "Server-side stages of the turn this reply answered (ms from the request's arrival).",
  ),
  audio: z.array(AdminAudioClipSchema).describe("This message's clips, oldest first."),
});
export type AdminVoiceMessage = z.infer<typeof AdminVoiceMessageSchema>;

export const AdminVoiceMessagesSchema = z.object({
  messages: z.array(AdminVoiceMessageSchema),
  audio: z.array(AdminAudioClipSchema).describe("Every clip of the conversation, linked or not, oldest first."),
});
export type AdminVoiceMessages = z.infer<typeof AdminVoiceMessagesSchema>;
