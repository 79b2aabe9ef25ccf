/** The published agent's addresses: the widget's snippet with Copy, and a link to its public page. */
import { ExternalLink } from "lucide-react";
import { MessageCopyButton } from "../chat/message-copy-button";
import { publicAddresses } from "./publishing-queries";

export function EmbedSnippet({ slug }: { slug: string }) {
  const { page, snippet } = publicAddresses(window.location.origin, slug);
  return (
    <section aria-labelledby="embed-snippet-title" className="space-y-2 rounded-lg border border-slate-200 p-4">
      <h3 id="embed-snippet-title" className="text-sm font-semibold">
        Embed on your site
      </h3>
      <p className="text-xs text-slate-500">
        Paste this before <span className="font-mono">&lt;/body&gt;</span> on a page of an allowed origin.
      </p>
      <div className="flex items-start gap-2">
        <textarea
          readOnly
          value={snippet}
          aria-label="Embed snippet"
          className="h-28 min-w-0 flex-1 resize-none sm:h-16 rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs text-slate-800"
          onFocus={(event) => event.currentTarget.select()}
        />
        <MessageCopyButton text={snippet} label="Copy snippet" className="h-10 border border-slate-300 px-3" />
      </div>
      <a
        href={page}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 break-all text-sm font-medium text-primary-ink underline-offset-4 hover:underline"
      >
        Open the public page <ExternalLink className="size-3.5" aria-hidden />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </section>
  );
}
