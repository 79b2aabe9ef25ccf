/** Admin payloads (spec section 7, /api/admin/*). */
import { z } from "zod";
import { NewPasswordSchema } from "./auth.js";
import { ADMIN_USERS_PAGE_SIZE } from "./limits.js";

export const ApproveUserSchema = z.object({ approved: z.boolean({ error: "approved must be true or false" }) });

export const ResetPasswordSchema = z.object({ newPassword: NewPasswordSchema });

export const AdminUsersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_SIZE).default(ADMIN_USERS_PAGE_SIZE),
});

export const ResetAllSchema = z.object({
  confirm: z.literal("RESET", { error: 'Send { "confirm": "RESET" } to wipe the system' }),
});

export interface ResetAllResult {
  deleted: { agents: number; conversations: number; users: number };
}
