/**
 * The message box: Enter sends, Shift+Enter adds a line; disabled while a reply is on its way
 * or the conversation is locked. The text leaves the box on send and comes back if sending fails.
 * While a reply streams, Stop takes Send's place and withdraws the request.
 * Admins also get dictation (dictation-button.tsx), which adds what it heard to the box.
 */
import { Send, Square } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { CHAT_MESSAGE_MAX } from "../../../contracts/limits";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/class-names";
import { SHORTCUT_FIELD } from "../shortcuts/shortcut-keys";

/** Dictation is for admins only: its code loads for them alone (the chat page's 200 kB budget). */
const DictationButton = lazy(() => import("./dictation-button").then((m) => ({ default: m.DictationButton })));

const MAX_ROWS_PX = 160;

export function ChatComposer({
  agentName,
  disabled,
  disabledReason,
  onSend,
  draft,
  dictation = false,
  onStop,
}: {
  agentName: string;
  disabled: boolean;
  disabledReason?: string;
  /** Resolves false when the text should go back into the box. */
  onSend: (text: string) => Promise<boolean>;
  /** Text put in the box from outside (an example prompt). */
  draft?: { text: string; nonce: number };
  /** Shows the speech-input control (the spec gives it to admins only). */
  dictation?: boolean;
  /** Given while a reply is on its way: Stop replaces Send. */
  onStop?: () => void;
}) {
  const [text, setText] = useState("");
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!draft) return;
    setText(draft.text);
    box.current?.focus();
  }, [draft]);

  // Grow with the text up to a few lines, then scroll inside.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, MAX_ROWS_PX)}px`;
  }, [text]);

  // Focus returns once the reply is in, so the next message can be typed straight away.
  useEffect(() => {
    if (!disabled) box.current?.focus({ preventScroll: true });
  }, [disabled]);

  const canSend = !disabled && text.trim().length > 0;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    const sent = text;
    setText("");
    const ok = await onSend(sent);
    // Only put it back if nothing new was typed meanwhile.
    if (!ok) setText((current) => (current === "" ? sent : current));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="border-t border-slate-200 bg-surface px-3 py-3 sm:px-6">
      <div className="mx-auto flex max-w-3xl items-end gap-2">
        <label htmlFor="chat-message" className="sr-only">
          Message {agentName}
        </label>
        <textarea
          id="chat-message"
          ref={box}
          {...SHORTCUT_FIELD}
          rows={1}
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={disabledReason ?? `Message ${agentName}…`}
          aria-describedby="chat-hint"
          className={cn(
            "max-h-40 min-h-10 flex-1 resize-none rounded-xl border border-slate-300 bg-surface px-3.5 py-2.5 text-sm leading-5",
            "placeholder:text-slate-400 focus-visible:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/30",
            "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-70",
          )}
        />
        {dictation && (
          <Suspense fallback={null}>
            <DictationButton
              disabled={disabled}
              onText={(heard) => {
                setText((current) => (current.trim() ? `${current.trimEnd()} ${heard}` : heard));
                box.current?.focus();
              }}
            />
          </Suspense>
        )}
        {onStop ? (
          <Button
            type="button"
            size="icon"
            onClick={onStop}
            aria-label="Stop reply"
            title="Stop reply"
            className="h-10 w-10 shrink-0 rounded-xl"
          >
            <Square className="fill-current" aria-hidden />
          </Button>
        ) : (
          <Button
            type="submit"
            size="icon"
            disabled={!canSend}
            aria-label="Send message"
            className="h-10 w-10 shrink-0 rounded-xl"
          >
            <Send aria-hidden />
          </Button>
        )}
      </div>
      <p id="chat-hint" className="mx-auto mt-1.5 hidden max-w-3xl text-xs text-slate-500 sm:block">
        Enter to send · Shift+Enter for a new line
      </p>
    </form>
  );
}
