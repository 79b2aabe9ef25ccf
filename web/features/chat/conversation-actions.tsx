/**
 * What a person does to one of their conversations from the list: rename it in place (Enter
 * saves, Escape cancels), pin it to the top, delete it with a few seconds to undo. The delete
 * is a soft one on the server, so undo is a restore and nothing is lost either way.
 */
import { useQueryClient } from "@tanstack/react-query";
import { Pencil, Pin, Trash2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { CONVERSATION_TITLE_LIMIT, type ConversationSummary } from "../../../contracts/chat";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/class-names";
import { toast } from "../../lib/toast-store";
import {
  chatKeys,
  deleteConversation,
  invalidateConversationLists,
  restoreConversation,
  updateConversation,
} from "./chat-queries";

/** Long enough to read the notice and reach Undo; the bar also stays while pointed at or focused. */
const UNDO_SECONDS = 8;

export interface DeletedConversation {
  id: string;
  title: string;
}

export function useConversationActions() {
  const queryClient = useQueryClient();
  const [deleted, setDeleted] = useState<DeletedConversation | null>(null);

  const failed = (what: string) => toast({ variant: "destructive", title: `Could not ${what} the conversation` });

  async function rename(conversation: ConversationSummary, title: string): Promise<void> {
    const trimmed = title.trim();
    if (!trimmed || trimmed === conversation.title) return;
    // The new title shows at once, not the old one until the list is fetched again.
    queryClient.setQueryData<ConversationSummary[]>(chatKeys.conversations, (list) =>
      list?.map((c) => (c.id === conversation.id ? { ...c, title: trimmed } : c)),
    );
    try {
      await updateConversation(conversation.id, { title: trimmed });
    } catch {
      failed("rename");
    }
    await invalidateConversationLists(queryClient);
  }

  async function togglePin(conversation: ConversationSummary): Promise<void> {
    try {
      await updateConversation(conversation.id, { pinned: !conversation.pinned });
    } catch {
      failed(conversation.pinned ? "unpin" : "pin");
    }
    await invalidateConversationLists(queryClient);
  }

  async function remove(conversation: ConversationSummary): Promise<void> {
    // The row goes at once; the server's answer only decides whether it comes back.
    queryClient.setQueryData<ConversationSummary[]>(chatKeys.conversations, (list) =>
      list?.filter((c) => c.id !== conversation.id),
    );
    try {
      await deleteConversation(conversation.id);
      setDeleted({ id: conversation.id, title: conversation.title });
    } catch {
      failed("delete");
    }
    await invalidateConversationLists(queryClient);
  }

  async function undo(): Promise<void> {
    if (!deleted) return;
    setDeleted(null);
    try {
      await restoreConversation(deleted.id);
    } catch {
      failed("restore");
    }
    await invalidateConversationLists(queryClient);
  }

  // Stable, so the undo bar's timer is not restarted by every render of the list.
  const dismissUndo = useCallback(() => setDeleted(null), []);
  return { rename, togglePin, remove, undo, deleted, dismissUndo };
}

interface RowActionsProps {
  conversation: ConversationSummary;
  onRename: () => void;
  onTogglePin: () => void;
  onDelete: () => void;
}

/** Shown on a row's hover or focus on wide screens, always on touch-sized ones. */
export function ConversationRowActions({ conversation, onRename, onTogglePin, onDelete }: RowActionsProps) {
  const title = conversation.title;
  const iconButton =
    "flex size-7 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200 hover:text-slate-900";
  return (
    <div
      className={cn(
        "flex shrink-0 items-center",
        !conversation.pinned && "lg:opacity-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100",
      )}
    >
      <button
        type="button"
        className={cn(iconButton, conversation.pinned && "text-primary-ink")}
        aria-label={`${conversation.pinned ? "Unpin" : "Pin"} ${title}`}
        title={conversation.pinned ? "Unpin" : "Pin"}
        onClick={onTogglePin}
      >
        {/* Filled while pinned: the row's mark and its unpin button in one. */}
        <Pin className={cn("size-3.5", conversation.pinned && "fill-current")} aria-hidden />
      </button>
      <button
        type="button"
        className={cn(
          iconButton,
          conversation.pinned && "lg:opacity-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100",
        )}
        aria-label={`Rename ${title}`}
        title="Rename"
        onClick={onRename}
      >
        <Pencil className="size-3.5" aria-hidden />
      </button>
      <button
        type="button"
        className={cn(
          iconButton,
          "hover:text-red-700",
          conversation.pinned && "lg:opacity-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100",
        )}
        aria-label={`Delete ${title}`}
        title="Delete"
        onClick={onDelete}
      >
        <Trash2 className="size-3.5" aria-hidden />
      </button>
    </div>
  );
}

interface RenameFieldProps {
  initial: string;
  onSave: (title: string) => void;
  onCancel: () => void;
}

/** The title in an input: Enter or leaving the field saves, Escape cancels (and leaves the sheet open). */
export function RenameField({ initial, onSave, onCancel }: RenameFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const settled = useRef(false);
  const [value, setValue] = useState(initial);

  useEffect(() => {
    input.current?.select();
    // Radix dialogs (the phone's sheet) close on Escape from a document capture listener; one on
    // window runs first, and a prevented Escape leaves the sheet open for the field to cancel.
    const keepSheetOpen = (event: KeyboardEvent) => {
      if (event.key === "Escape" && event.target === input.current) event.preventDefault();
    };
    window.addEventListener("keydown", keepSheetOpen, { capture: true });
    return () => window.removeEventListener("keydown", keepSheetOpen, { capture: true });
  }, []);

  const finish = (save: boolean) => {
    if (settled.current) return;
    settled.current = true;
    if (save) onSave(value);
    else onCancel();
  };

  return (
    <input
      ref={input}
      value={value}
      maxLength={CONVERSATION_TITLE_LIMIT}
      aria-label="Conversation title"
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          finish(true);
        } else if (event.key === "Escape") {
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
      className="h-9 w-full rounded-md border border-primary bg-surface px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/30"
    />
  );
}

interface UndoBarProps {
  deleted: DeletedConversation;
  onUndo: () => void;
  onDismiss: () => void;
}

/**
 * "Conversation deleted · Undo", at the foot of the list it was deleted from: inside the phone's
 * sheet too, where a page-level toast could not be reached past the open dialog.
 */
export function UndoBar({ deleted, onUndo, onDismiss }: UndoBarProps) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(onDismiss, UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [deleted.id, held, onDismiss]);

  return (
    <div
      role="status"
      className="mx-2 mb-2 flex items-center gap-2 rounded-lg border border-slate-200 bg-surface px-3 py-2 shadow-md"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <p className="min-w-0 flex-1 text-sm text-slate-800">
        <span className="block font-medium">Conversation deleted</span>{" "}
        <span className="block truncate text-xs text-slate-600">{deleted.title}</span>
      </p>
      <Button size="sm" variant="outline" className="h-8" onClick={onUndo}>
        Undo
      </Button>
    </div>
  );
}
