/** One message: the user's on the right as plain text, the agent's on the left as Markdown, each with its time. */
import { AlertTriangle, ShieldAlert } from "lucide-react";
import { memo } from "react";
import { cn } from "../../lib/class-names";
import { CitationChips } from "./citation-chips";
import { AssistantText } from "./assistant-text";
import type { DisplayMessage } from "./use-chat-session";

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

export const MessageBubble = memo(function MessageBubble({ message }: { message: DisplayMessage }) {
  const mine = message.role === "user";
  const time = timeFormat.format(new Date(message.timestamp));

  if (message.role === "assistant" && message.status === "blocked") {
    return (
      <div className="mx-auto flex max-w-md items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>{message.content}</p>
      </div>
    );
  }
  if (message.role === "assistant" && message.status === "failed") {
    return (
      <div className="flex justify-start">
        <div className="flex max-w-[85%] items-start gap-2 rounded-2xl rounded-bl-sm border border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-800 sm:max-w-[75%]">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div>
            {message.content && <p className="mb-1 whitespace-pre-wrap text-red-900/80">{message.content}</p>}
            <p>The reply failed. Your message was saved; send it again to retry.</p>
            <time className="mt-1 block text-xs text-red-700/70">{time}</time>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className={cn("flex", mine ? "justify-end" : "justify-start")} data-role={message.role}>
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-4 py-2.5 text-sm shadow-sm sm:max-w-[75%]",
          mine
            ? "rounded-br-sm bg-primary text-white"
            : "rounded-bl-sm border border-slate-200 bg-surface text-slate-900",
        )}
      >
        {mine ? (
          <p className="whitespace-pre-wrap break-words">{message.content}</p>
        ) : (
          <>
            <AssistantText text={message.content} />
            <CitationChips citations={message.citations} />
          </>
        )}
        <div
          className={cn("mt-1 flex items-center gap-2 text-xs", mine ? "justify-end text-white/85" : "text-slate-500")}
        >
          {message.status === "blocked" && <span>Blocked by the security lock</span>}
          {message.status === "partial" && <span>Reply interrupted</span>}
          <time dateTime={message.timestamp}>{time}</time>
        </div>
      </div>
    </div>
  );
});
