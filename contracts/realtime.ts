/** Messages on the live admin channel /ws-admin (spec section 7). */
import { z } from "zod";
import type { QuotaName } from "./usage.js";

/** GET /api/admin/stats, and the figures of every stats_update. */
export const AdminStatsSchema = z.object({
  totalUsers: z.number().int(),
  adminUsers: z.number().int(),
  pendingUsers: z.number().int(),
  unresolvedErrors: z.number().int(),
  criticalErrors: z.number().int().describe("Unresolved reports of critical severity."),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

export type AdminServerMessage =
  | ({ type: "stats_update" } & AdminStats)
  | { type: "user_approval"; approved: boolean; userEmail: string }
  | { type: "error_report"; severity: string; message: string }
  | { type: "critical_error"; message: string }
  | { type: "user_signup"; userEmail: string }
  | QuotaWarning
  | ConversationLiveEvent;

/**
 * The live view's events (issue 26): which conversation changed, never its text. Admins get
 * them all; the live view refetches /api/live-conversations.
 */
export type ConversationLiveEvent =
  | { type: "conversation_active"; conversationId: string }
  | { type: "handoff_requested"; conversationId: string; agentName: string }
  | { type: "conversation_taken_over"; conversationId: string; heldBy: string }
  | { type: "conversation_released"; conversationId: string };

/** A company crossed QUOTA_WARNING_PERCENT of a quota: sent once per quota and period. */
export interface QuotaWarning {
  type: "quota_warning";
  companyId: string;
  companyName: string;
  quota: QuotaName;
  used: number;
  limit: number;
}

/** Every message type the server sends, listed once for the server's bus and the browser's parser. */
export const ADMIN_MESSAGE_TYPES = [
  "stats_update",
  "user_approval",
  "error_report",
  "critical_error",
  "user_signup",
  "quota_warning",
  "conversation_active",
  "handoff_requested",
  "conversation_taken_over",
  "conversation_released",
] as const satisfies readonly AdminServerMessage["type"][];

/** The client's compatibility hello; never trusted on its own (the cookie decides). */
export const AdminAuthMessageSchema = z.object({
  type: z.literal("auth"),
  userId: z.string().max(100),
  sessionId: z.string().max(200).optional(),
});
export type AdminAuthMessage = z.infer<typeof AdminAuthMessageSchema>;

/** Close codes of /ws-admin beyond the standard ones: the session ended, or the user is not an admin. */
export const ADMIN_SOCKET_CLOSE = { unauthenticated: 4401, forbidden: 4403 } as const;

/** Server pings this often; a socket that has not answered the previous ping is dropped. */
export const ADMIN_HEARTBEAT_MS = 30_000;
