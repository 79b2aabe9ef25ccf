/** The user's chat, while a person from the team answers instead of the agent (issue 26). */
import { UserRound } from "lucide-react";

export function PersonJoinedNotice({ heldBy }: { heldBy: string }) {
  return (
    <div
      role="status"
      className="flex items-start gap-2 border-t border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 sm:px-6 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
    >
      <UserRound className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{heldBy} joined the conversation and is answering you now.</p>
    </div>
  );
}
