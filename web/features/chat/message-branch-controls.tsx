/**
 * The controls that make a message's versions: Edit under the user's message (a textarea in
 * place, Save & send or Cancel), Regenerate under a reply, and the "‹ 2/3 ›" switcher between
 * the versions an edit or regeneration left (nothing is ever deleted; the server keeps them all).
 */
import { ChevronLeft, ChevronRight, Pencil, RefreshCw } from "lucide-react";
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { CHAT_MESSAGE_MAX } from "../../../contracts/limits";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/class-names";

/** What a stored message's controls ask of the chat session; one stable object for every bubble. */
export interface MessageActions {
  /** Resolves once the edited version's turn has ended. */
  edit(messageId: string, text: string): Promise<boolean>;
  regenerate(messageId: string): void;
  chooseVersion(messageId: string): void;
}

const toolButton = cn(
  "inline-flex h-7 items-center gap-1 rounded-md px-1.5 text-xs text-slate-500 transition-colors",
  "hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40",
  "disabled:pointer-events-none disabled:opacity-40",
);

/** "‹ 2/3 ›": shown when a message has more than one version. */
export function VersionSwitcher({
  id,
  siblingIds,
  onChoose,
  disabled,
}: {
  id: string;
  siblingIds: string[];
  onChoose: (messageId: string) => void;
  disabled?: boolean;
}) {
  const index = siblingIds.indexOf(id);
  if (siblingIds.length < 2 || index === -1) return null;
  const previous = siblingIds[index - 1];
  const next = siblingIds[index + 1];
  return (
    <div className="inline-flex items-center" role="group" aria-label="Versions">
      <button
        type="button"
        className={toolButton}
        aria-label="Previous version"
        title="Previous version"
        disabled={disabled || !previous}
        onClick={() => previous && onChoose(previous)}
      >
        <ChevronLeft className="size-3.5" aria-hidden />
      </button>
      <span className="min-w-8 text-center text-xs tabular-nums text-slate-600">
        <span aria-hidden>
          {index + 1}/{siblingIds.length}
        </span>
        <span className="sr-only">
          Version {index + 1} of {siblingIds.length}
        </span>
      </span>
      <button
        type="button"
        className={toolButton}
        aria-label="Next version"
        title="Next version"
        disabled={disabled || !next}
        onClick={() => next && onChoose(next)}
      >
        <ChevronRight className="size-3.5" aria-hidden />
      </button>
    </div>
  );
}

export function EditButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      className={toolButton}
      aria-label="Edit message"
      title="Edit message"
      disabled={disabled}
      onClick={onClick}
    >
      <Pencil className="size-3.5" aria-hidden />
    </button>
  );
}

export function RegenerateButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      className={toolButton}
      aria-label="Regenerate reply"
      title="Regenerate reply"
      disabled={disabled}
      onClick={onClick}
    >
      <RefreshCw className="size-3.5" aria-hidden />
    </button>
  );
}

/** The user's message being edited in place: Ctrl/⌘+Enter saves and sends, Escape cancels. */
export function MessageEditForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const ready = text.trim().length > 0 && text !== initial;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (ready) onSave(text);
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.current?.requestSubmit();
    }
  }

  return (
    <form ref={form} onSubmit={submit} className="w-full max-w-[85%] sm:max-w-[75%]">
      <label htmlFor={id} className="sr-only">
        Edit your message
      </label>
      <textarea
        id={id}
        autoFocus
        rows={Math.min(8, Math.max(2, text.split("\n").length))}
        value={text}
        maxLength={CHAT_MESSAGE_MAX}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        className={cn(
          "w-full resize-y rounded-xl border border-slate-300 bg-surface px-3.5 py-2.5 text-sm leading-5 text-slate-900",
          "focus-visible:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/30",
        )}
      />
      <div className="mt-1.5 flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={!ready}>
          Save &amp; send
        </Button>
      </div>
    </form>
  );
}
