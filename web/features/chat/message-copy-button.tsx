/**
 * Copies a text to the clipboard and says so: the icon turns into a tick with "Copied" for a
 * moment, and a polite live region tells a screen reader what happened (the icon change alone
 * is silent). Used under each message and on each code block of a reply.
 */
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { cn } from "../../lib/class-names";
import { toast } from "../../lib/toast-store";

/** How long "Copied" stays before the button reads "Copy" again. */
export const COPIED_SHOWN_MS = 2000;

export function MessageCopyButton({
  text,
  label = "Copy message",
  className,
}: {
  text: string;
  /** The accessible name while idle, e.g. "Copy code". */
  label?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Refused by the browser (no permission, an insecure page): say so rather than pretend.
      toast({ title: "Could not copy", description: "Your browser did not allow access to the clipboard." });
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={copied ? "Copied" : label}
        title={copied ? "Copied" : label}
        className={cn(
          "inline-flex h-7 items-center gap-1 rounded-md px-1.5 text-xs text-slate-500 transition-colors",
          "hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40",
          className,
        )}
      >
        {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
        {copied && <span aria-hidden>Copied</span>}
      </button>
      <span className="sr-only" aria-live="polite" role="status">
        {copied ? "Copied to clipboard" : ""}
      </span>
    </>
  );
}
