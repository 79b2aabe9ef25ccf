/** The line of facts above a conversation: owner, agent, counts, dates and the security lock. */
import { Lock, Trash2 } from "lucide-react";
import type { AdminConversation } from "../../../contracts/admin";
import { Badge } from "../../components/ui/badge";
import { formatDateTime, formatDuration } from "../../lib/admin-format";

export function SecurityLockBadge({
  conversation,
}: {
  conversation: Pick<AdminConversation, "securityLock" | "lockedUntil">;
}) {
  if (!conversation.securityLock) return null;
  return (
    <Badge
      variant="destructive"
      className="gap-1"
      title={conversation.lockedUntil ? `Locked until ${formatDateTime(conversation.lockedUntil)}` : undefined}
    >
      <Lock className="size-3" aria-hidden /> Locked
    </Badge>
  );
}

/** The person deleted it: gone from their list, kept here so admins still read it truthfully. */
export function DeletedByUserBadge({ conversation }: { conversation: Pick<AdminConversation, "deletedAt"> }) {
  if (!conversation.deletedAt) return null;
  return (
    <Badge variant="warning" className="gap-1" title={`Deleted ${formatDateTime(conversation.deletedAt)}`}>
      <Trash2 className="size-3" aria-hidden /> Deleted by user
    </Badge>
  );
}

export function ConversationFacts({ conversation, duration }: { conversation: AdminConversation; duration?: number }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
      <div className="min-w-0">
        <dt className="text-xs text-slate-500">User</dt>
        <dd className="truncate font-medium">{conversation.userName}</dd>
        <dd className="truncate text-xs text-slate-500">{conversation.userEmail}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs text-slate-500">Agent</dt>
        <dd className="truncate font-medium">{conversation.agentName}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">{duration === undefined ? "Messages" : "Messages · Duration"}</dt>
        <dd className="font-medium">
          {conversation.messageCount}
          {duration !== undefined && ` · ${formatDuration(duration)}`}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Last activity</dt>
        <dd className="font-medium">{formatDateTime(conversation.updatedAt)}</dd>
      </div>
    </dl>
  );
}
