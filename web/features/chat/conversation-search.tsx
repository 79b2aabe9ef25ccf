/**
 * The conversation list's search: what was typed, settled for a moment, goes to the server's
 * full-text search; each result shows its title and the stretch of message that matched.
 */
import { useQuery } from "@tanstack/react-query";
import { Search, X } from "lucide-react";
import { useEffect, useState, type Ref } from "react";
import { CONVERSATION_SEARCH_MAX, UNTITLED_CONVERSATION, type ConversationSummary } from "../../../contracts/chat";
import { Spinner } from "../../components/ui/spinner";
import { SHORTCUT_FIELD } from "../shortcuts/shortcut-keys";
import { cn } from "../../lib/class-names";
import { conversationSearchQuery } from "./chat-queries";
import { highlightParts } from "./search-highlight";

const dateFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });

/** Typing pauses this long before a search is sent: one request per word, not per key. */
const SETTLE_MS = 250;

export function useSettledText(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return text.trim() ? settled : "";
}

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

export function ConversationSearchBox({ value, onChange, inputRef }: SearchBoxProps) {
  return (
    <div className="relative px-2 pb-2">
      <Search className="pointer-events-none absolute left-5 top-2.5 size-4 text-slate-500" aria-hidden />
      <input
        ref={inputRef}
        type="search"
        {...SHORTCUT_FIELD}
        value={value}
        maxLength={CONVERSATION_SEARCH_MAX}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Search conversations"
        aria-keyshortcuts="Control+K Meta+K"
        aria-label="Search conversations"
        className="h-9 w-full rounded-md border border-slate-300 bg-surface pl-8 pr-8 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/30 [&::-webkit-search-cancel-button]:hidden"
      />
      {value && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => onChange("")}
          className="absolute right-3 top-1.5 flex size-6 items-center justify-center rounded text-slate-600 hover:bg-slate-100"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      )}
    </div>
  );
}

interface ResultsProps {
  words: string;
  activeId: string | null;
  onSelect: (conversation: ConversationSummary) => void;
}

export function ConversationSearchResults({ words, activeId, onSelect }: ResultsProps) {
  const { data, isPending, error } = useQuery(conversationSearchQuery(words));
  if (!words || isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  }
  if (error) return <p className="px-2 py-6 text-center text-sm text-red-600">Could not search conversations.</p>;
  if (data.length === 0) return <p className="px-2 py-6 text-center text-sm text-slate-600">No conversation matches</p>;
  return (
    <ul className="space-y-1" aria-label="Search results">
      {data.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            onClick={() => onSelect(c)}
            aria-current={c.id === activeId ? "true" : undefined}
            className={cn(
              "w-full rounded-lg px-3 py-2 text-left",
              c.id === activeId ? "bg-primary-soft" : "hover:bg-slate-100",
            )}
          >
            <span className="block truncate text-sm font-medium text-slate-800">
              <Marked text={c.title || UNTITLED_CONVERSATION} words={words} />
            </span>
            {c.snippet && (
              <span className="mt-0.5 line-clamp-2 text-xs text-slate-700">
                <Marked text={c.snippet} words={words} />
              </span>
            )}
            <span className="mt-0.5 block truncate text-xs text-slate-600">
              {c.agentName} · {dateFormat.format(new Date(c.updatedAt))}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Marked({ text, words }: { text: string; words: string }) {
  return highlightParts(text, words).map((part, index) =>
    part.match ? (
      <mark key={index} className="rounded-sm bg-primary-soft font-semibold text-primary-ink">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
