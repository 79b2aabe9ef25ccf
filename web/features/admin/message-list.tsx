/**
 * A conversation's messages as an admin reads them: who said it, when, in which language, and how
 * it ended. Every version is listed in the order it was stored, an edited or regenerated one
 * labelled "Version 2 of 3", so the record shows what the person saw and what they replaced.
 */
import { MessageSquare } from "lucide-react";
import type { AdminMessage } from "../../../contracts/admin";
import { Badge } from "../../components/ui/badge";
import { formatDateTime, languageName } from "../../lib/admin-format";
import { cn } from "../../lib/class-names";
import { EmptyState } from "./admin-states";

/** "partial" is a reply whose reader stopped it or left: what they saw is what is stored. */
const STATUS_LABEL: Record<string, string> = { partial: "Stopped", failed: "Failed", blocked: "Blocked" };

export function MessageList({ messages, agentName }: { messages: AdminMessage[]; agentName: string }) {
  if (messages.length === 0) return <EmptyState icon={MessageSquare} title="No messages yet" />;
  return (
    <ol className="space-y-3" aria-label="Messages">
      {messages.map((m) => {
        const mine = m.role === "user";
        const language = languageName(m.language);
        return (
          <li key={m.id} className={cn("flex", mine ? "justify-end" : "justify-start")}>
            <div
              className={cn(
                "max-w-[85%] rounded-2xl px-4 py-2.5 sm:max-w-[75%]",
                mine ? "bg-primary text-white" : "bg-slate-100 text-slate-900",
              )}
            >
              <div
                className={cn("mb-1 flex flex-wrap items-center gap-2 text-xs", mine ? "text-white" : "text-slate-600")}
              >
                <span className="font-medium">{mine ? "User" : agentName}</span>
                <time dateTime={m.timestamp}>{formatDateTime(m.timestamp)}</time>
                {language && (
                  <Badge
                    variant="outline"
                    className={cn("px-2 py-0", mine && "border-surface/50 text-white")}
                    title={m.language ?? undefined}
                  >
                    {language}
                  </Badge>
                )}
                {m.versionCount > 1 && (
                  <Badge variant="outline" className={cn("px-2 py-0", mine && "border-surface/50 text-white")}>
                    Version {m.versionIndex} of {m.versionCount}
                  </Badge>
                )}
                {STATUS_LABEL[m.status] && (
                  <Badge variant="destructive" className="px-2 py-0">
                    {STATUS_LABEL[m.status]}
                  </Badge>
                )}
              </div>
              <p className="whitespace-pre-wrap break-words text-sm">{m.content}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
