/**
 * Past conversations to reopen: this agent's by default, or all of them, pinned first, or those
 * found by words. Each row renames, pins and deletes (with undo) in place. A sidebar on wide
 * screens; on phones the same list sits in a sheet opened from the chat header.
 */
import { useQuery } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { UNTITLED_CONVERSATION, type ConversationSummary } from "../../../contracts/chat";
import { Sheet } from "../../components/ui/sheet";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/class-names";
import { conversationListQuery } from "./chat-queries";
import { ConversationRowActions, RenameField, UndoBar, useConversationActions } from "./conversation-actions";
import { ConversationSearchBox, ConversationSearchResults, useSettledText } from "./conversation-search";

const dateFormat = new Intl.DateTimeFormat(undefined, {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

interface ListProps {
  agentId: string;
  activeId: string | null;
  onSelect: (conversation: ConversationSummary) => void;
  /** Bumped by Ctrl+K: the search box takes focus, in whichever of the sidebar or sheet is on screen. */
  searchFocusKey?: number;
}

export function ConversationList({ agentId, activeId, onSelect, searchFocusKey = 0 }: ListProps) {
  const [scope, setScope] = useState<"agent" | "all">("agent");
  const [typed, setTyped] = useState("");
  const words = useSettledText(typed);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const actions = useConversationActions();
  const { data, isLoading, error } = useQuery(conversationListQuery);
  const shown = (data ?? []).filter((c) => scope === "all" || c.agentId === agentId);
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const box = searchBox.current;
    // The sidebar's copy is display:none on phones (no offsetParent): the sheet's copy takes focus there.
    if (searchFocusKey > 0 && box?.offsetParent) {
      box.focus();
      box.select();
    }
  }, [searchFocusKey]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex gap-1 p-2" role="group" aria-label="Show conversations">
        {(["agent", "all"] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={scope === value}
            onClick={() => setScope(value)}
            className={cn(
              "flex-1 rounded-md px-2 py-1.5 text-xs font-medium",
              scope === value ? "bg-primary-soft text-primary-ink" : "text-slate-600 hover:bg-slate-100",
            )}
          >
            {value === "agent" ? "This agent" : "All agents"}
          </button>
        ))}
      </div>
      <ConversationSearchBox value={typed} onChange={setTyped} inputRef={searchBox} />
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
        {typed.trim() ? (
          <ConversationSearchResults words={words} activeId={activeId} onSelect={onSelect} />
        ) : isLoading ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : error ? (
          <p className="px-2 py-6 text-center text-sm text-red-600">Could not load conversations.</p>
        ) : shown.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-slate-500">No conversations yet</p>
        ) : (
          <ul className="space-y-1" aria-label="Conversations">
            {shown.map((c) => (
              <li
                key={c.id}
                className={cn(
                  "group flex items-center gap-1 rounded-lg pr-1",
                  c.id === activeId ? "bg-primary-soft" : "hover:bg-slate-100",
                )}
              >
                {renamingId === c.id ? (
                  <div className="min-w-0 flex-1 py-1 pl-1">
                    <RenameField
                      initial={c.title}
                      onSave={(title) => {
                        setRenamingId(null);
                        void actions.rename(c, title);
                      }}
                      onCancel={() => setRenamingId(null)}
                    />
                  </div>
                ) : (
                  <>
                    <ConversationRow conversation={c} active={c.id === activeId} scope={scope} onSelect={onSelect} />
                    <ConversationRowActions
                      conversation={c}
                      onRename={() => setRenamingId(c.id)}
                      onTogglePin={() => void actions.togglePin(c)}
                      onDelete={() => void actions.remove(c)}
                    />
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {actions.deleted && (
        <UndoBar deleted={actions.deleted} onUndo={() => void actions.undo()} onDismiss={actions.dismissUndo} />
      )}
    </div>
  );
}

interface RowProps {
  conversation: ConversationSummary;
  active: boolean;
  scope: "agent" | "all";
  onSelect: (conversation: ConversationSummary) => void;
}

function ConversationRow({ conversation: c, active, scope, onSelect }: RowProps) {
  return (
    <button
      type="button"
      onClick={() => onSelect(c)}
      aria-current={active ? "true" : undefined}
      className="min-w-0 flex-1 rounded-lg px-3 py-2 text-left"
    >
      <span className="flex items-center gap-1.5">
        {c.securityLock && <Lock className="size-3.5 shrink-0 text-amber-600" aria-label="Locked" />}
        <span className={cn("truncate text-sm font-medium", active ? "text-primary-ink" : "text-slate-800")}>
          {c.title || UNTITLED_CONVERSATION}
        </span>
      </span>
      <span className="mt-0.5 block truncate text-xs text-slate-600">
        {scope === "all" ? `${c.agentName} · ` : ""}
        {dateFormat.format(new Date(c.updatedAt))} · {c.messageCount} messages
      </span>
    </button>
  );
}

export function ConversationSidebar(props: ListProps) {
  return (
    <aside
      className="hidden w-72 shrink-0 flex-col border-r border-slate-200 bg-slate-50/60 lg:flex"
      aria-label="Past conversations"
    >
      <h2 className="px-4 pt-4 text-sm font-semibold text-slate-900">Conversations</h2>
      <ConversationList {...props} />
    </aside>
  );
}

export function ConversationSheet({
  open,
  onOpenChange,
  ...props
}: ListProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      side="left"
      title="Conversations"
      closeLabel="Close conversations"
      className="w-80 max-w-[88vw]"
    >
      <ConversationList
        {...props}
        onSelect={(c) => {
          onOpenChange(false);
          props.onSelect(c);
        }}
      />
    </Sheet>
  );
}
