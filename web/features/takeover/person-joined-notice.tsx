/** The user's chat or call, while a person from the team answers instead of the agent (issue 26). */
import { UserRound } from "lucide-react";
import { cn } from "../../lib/class-names";

/** Colours from the palette alone: dark-palette.css turns the scale over for the dark theme. */
export function PersonJoinedNotice({ heldBy, className }: { heldBy: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn(
        "flex items-start gap-2 border-t border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 sm:px-6",
        className,
      )}
    >
      <UserRound className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{heldBy} joined the conversation and is answering you now.</p>
    </div>
  );
}
