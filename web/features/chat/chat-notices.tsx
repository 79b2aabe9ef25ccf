/** Banners above the message box: no model configured, and the security lock. */
import { Info, Lock } from "lucide-react";

export function OfflineNotice() {
  return (
    <div
      role="note"
      className="flex items-start gap-2 border-t border-sky-200 bg-sky-50 px-3 py-2 text-xs text-sky-900 sm:px-6"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        No language model is configured — replies come from the built-in offline responder. To connect one, see the
        “Language model” section of the README (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL).
      </p>
    </div>
  );
}

const untilFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

export function LockedNotice({ until, onNewConversation }: { until: Date; onNewConversation: () => void }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 border-t border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 sm:px-6"
    >
      <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        This conversation is locked for security reasons until {untilFormat.format(until)}. You can{" "}
        <button type="button" onClick={onNewConversation} className="font-medium underline underline-offset-2">
          start a new conversation
        </button>{" "}
        meanwhile.
      </p>
    </div>
  );
}
