/**
 * One message: the user's on the right as plain text, the agent's on the left as Markdown, each
 * with its time and, under it, Copy and (once stored) Edit or Regenerate and the version
 * switcher (message-branch-controls.tsx). A failed reply offers Retry when it is the last turn;
 * a reply the user stopped (or that lost its reader) is marked Stopped.
 */
import { AlertTriangle, RotateCcw, ShieldAlert } from "lucide-react";
import { memo, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/class-names";
import { CitationChips } from "./citation-chips";
import { AssistantText } from "./assistant-text";
import {
  EditButton,
  MessageEditForm,
  RegenerateButton,
  VersionSwitcher,
  type MessageActions,
} from "./message-branch-controls";
import { MessageCopyButton } from "./message-copy-button";
import type { DisplayMessage } from "./use-chat-session";

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

export const MessageBubble = memo(function MessageBubble({
  message,
  onRetry,
  actions,
  busy = false,
}: {
  message: DisplayMessage;
  /** Given for the failed reply that can be asked for again. */
  onRetry?: () => void;
  /** Edit, regenerate and switch versions; absent where messages cannot branch. */
  actions?: MessageActions;
  /** A turn is on its way or the conversation is locked: nothing new may be asked. */
  busy?: boolean;
}) {
  const mine = message.role === "user";
  const time = timeFormat.format(new Date(message.timestamp));
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLDivElement>(null);
  const id = message.id;
  const versions =
    id && actions ? (
      <VersionSwitcher id={id} siblingIds={message.siblingIds} onChoose={actions.chooseVersion} disabled={busy} />
    ) : null;

  if (editing && id && actions) {
    return (
      <div className="flex justify-end">
        <MessageEditForm
          initial={message.content}
          onCancel={() => {
            setEditing(false);
            // Back to the Edit button, so a keyboard user is where they were.
            requestAnimationFrame(() =>
              editButton.current?.querySelector<HTMLButtonElement>('button[aria-label="Edit message"]')?.focus(),
            );
          }}
          onSave={(text) => {
            setEditing(false);
            void actions.edit(id, text);
          }}
        />
      </div>
    );
  }

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
      <div className="flex justify-start" data-status="failed">
        <div className="flex max-w-[85%] items-start gap-2 rounded-2xl rounded-bl-sm border border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-800 sm:max-w-[75%]">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div>
            {message.content && <p className="mb-1 whitespace-pre-wrap text-red-900/80">{message.content}</p>}
            <p>{onRetry ? "The reply failed. Your message was saved." : "The reply failed."}</p>
            <div className="mt-1 flex items-center gap-3">
              <time className="text-xs text-red-700">{time}</time>
              {onRetry && (
                <Button type="button" variant="outline" size="sm" className="h-7 bg-surface px-2" onClick={onRetry}>
                  <RotateCcw aria-hidden />
                  Retry
                </Button>
              )}
              {versions}
            </div>
          </div>
        </div>
      </div>
    );
  }

  const streaming = message.status === "streaming";
  return (
    <div
      className={cn("group flex flex-col", mine ? "items-end" : "items-start")}
      data-role={message.role}
      data-status={message.status}
    >
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
        <div className={cn("mt-1 flex items-center gap-2 text-xs", mine ? "justify-end text-white" : "text-slate-500")}>
          {message.status === "blocked" && <span>Blocked by the security lock</span>}
          {message.status === "partial" && <span className="font-medium">Stopped</span>}
          <time dateTime={message.timestamp}>{time}</time>
        </div>
      </div>
      {/* Copying half a reply is rarely wanted: the button comes once it has stopped growing. */}
      {!streaming && message.content && (
        <div ref={editButton} className="mt-0.5 flex flex-wrap items-center">
          <MessageCopyButton text={message.content} />
          {id && actions && mine && message.status === "complete" && (
            <EditButton disabled={busy} onClick={() => setEditing(true)} />
          )}
          {id && actions && !mine && (message.status === "complete" || message.status === "partial") && (
            <RegenerateButton disabled={busy} onClick={() => actions.regenerate(id)} />
          )}
          {versions}
        </div>
      )}
    </div>
  );
});
