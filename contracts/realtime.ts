/** Messages on the live admin channel /ws-admin (spec section 7). */

export interface AdminStats {
  totalUsers: number;
  adminUsers: number;
  pendingUsers: number;
  unresolvedErrors: number;
  criticalErrors: number;
}

export type AdminServerMessage =
  | ({ type: "stats_update" } & AdminStats)
  | { type: "user_approval"; approved: boolean; userEmail: string }
  | { type: "error_report"; severity: string; message: string }
  | { type: "critical_error"; message: string }
  | { type: "user_signup"; userEmail: string };

/** The client's compatibility hello; never trusted on its own (the cookie decides). */
export interface AdminAuthMessage {
  type: "auth";
  userId: string;
  sessionId?: string;
}
