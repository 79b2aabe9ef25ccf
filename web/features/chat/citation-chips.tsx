/**
 * The passages an assistant reply cites, as chips under it: "[1] Returns policy · page 3".
 * A chip opens the passage in a dialog (Radix: focus moves in, Escape closes, focus returns to
 * the chip). The reply's own "[1]" markers stay as text; the chip's number matches them.
 */
import { BookOpen } from "lucide-react";
import type { Citation } from "../../../contracts/knowledge";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog";

function sourceOf(citation: Citation): string {
  return citation.location ? `${citation.title} · ${citation.location}` : citation.title;
}

/** One chip per cited passage; each owns its dialog, so Radix returns focus to the chip on close. */
export function CitationChips({ citations }: { citations: Citation[] }) {
  if (citations.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Sources">
      {citations.map((citation) => (
        <li key={citation.marker} className="min-w-0 max-w-full">
          <Dialog>
            <DialogTrigger asChild>
              <button
                type="button"
                className="flex max-w-full items-center gap-1.5 rounded-full border border-slate-200 bg-slate-50 px-2.5 py-1 text-xs text-slate-700 hover:border-primary/40 hover:bg-primary-soft"
              >
                {/* Named by what it shows (speech-input users say what they see), after "Source". */}
                <span className="sr-only">Source </span>
                <span className="font-semibold text-primary-ink">[{citation.marker}]</span>{" "}
                <span className="truncate">{sourceOf(citation)}</span>
              </button>
            </DialogTrigger>
            <DialogContent
              title={`[${citation.marker}] ${citation.title}`}
              description={citation.location ?? undefined}
            >
              <p className="mb-2 flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-slate-500">
                <BookOpen className="size-3.5" aria-hidden /> Passage
              </p>
              <blockquote className="whitespace-pre-wrap rounded-md border-l-4 border-primary/40 bg-slate-50 p-3 text-sm leading-relaxed text-slate-800">
                {citation.snippet}
              </blockquote>
            </DialogContent>
          </Dialog>
        </li>
      ))}
    </ul>
  );
}
