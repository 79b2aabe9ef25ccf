/**
 * What each live admin event does in the browser (STYLE.md 5): invalidate the queries it
 * names, or for stats_update store the payload, which is the stats themselves. Critical
 * errors and sign-ups also raise a toast.
 */
import type { QueryClient } from "@tanstack/react-query";
import { ADMIN_MESSAGE_TYPES, type AdminServerMessage, type AdminStats } from "../../../contracts/realtime";
import { QUOTA_LABELS } from "../../../contracts/usage";
import { adminKeys } from "../../lib/admin-queries";
import { toast } from "../../lib/toast-store";

export function applyAdminEvent(queryClient: QueryClient, message: AdminServerMessage): void {
  const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  switch (message.type) {
    case "stats_update": {
      const { type: _type, ...stats } = message;
      queryClient.setQueryData<AdminStats>(adminKeys.stats, stats);
      return;
    }
    case "user_signup":
      invalidate(adminKeys.users);
      invalidate(adminKeys.companies);
      toast({ title: "New Sign-up", description: `${message.userEmail} is waiting for approval.`, ambient: true });
      return;
    case "user_approval":
      invalidate(adminKeys.users);
      invalidate(adminKeys.companies);
      return;
    case "error_report":
      invalidate(adminKeys.errorReports);
      return;
    case "critical_error":
      // Security locks arrive as critical errors too: the conversation lists show the lock.
      invalidate(adminKeys.errorReports);
      invalidate(adminKeys.conversations);
      invalidate(adminKeys.voiceConversations);
      toast({ title: "CRITICAL ERROR", description: message.message, variant: "destructive" });
      return;
    case "conversation_active":
    case "conversation_taken_over":
    case "conversation_released":
      invalidate(adminKeys.liveConversations);
      return;
    case "handoff_requested":
      invalidate(adminKeys.liveConversations);
      toast({
        title: "A person is needed",
        description: `Someone talking with ${message.agentName} asked for a person. Open Live to take over.`,
        ambient: true,
      });
      return;
    case "quota_warning":
      invalidate(adminKeys.companies);
      invalidate(adminKeys.analytics);
      // Not ambient: a quota about to run out is rare and needs the admin's eye, so a passing
      // sign-up notice must not swallow it.
      toast({
        title: "Quota warning",
        description: `${message.companyName} has used ${message.used.toLocaleString()} of its ${message.limit.toLocaleString()} ${QUOTA_LABELS[message.quota]}.`,
      });
      return;
  }
}

const TYPES = new Set<string>(ADMIN_MESSAGE_TYPES);

/** Parses a socket frame; anything unknown (a newer server's event) is ignored. */
export function parseAdminMessage(data: unknown): AdminServerMessage | null {
  if (typeof data !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== "object" || parsed === null) return null;
    const type = (parsed as { type?: unknown }).type;
    return typeof type === "string" && TYPES.has(type) ? (parsed as AdminServerMessage) : null;
  } catch {
    return null;
  }
}
