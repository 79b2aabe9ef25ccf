/**
 * How the dialog hears you, said plainly (issue 11 point 1): the server's speech recognition,
 * the browser's (tested), or — when nothing can recognise speech here — why, and that typing
 * works instead. Announced politely when it changes (a failing recogniser mid-call).
 */
import { AudioLines, Keyboard, Loader2, Server, Zap } from "lucide-react";
import type { Ear } from "./call-state";

export function earSummary(ear: Ear): string {
  switch (ear.kind) {
    case "checking":
      return "Checking how this browser can hear you…";
    case "server":
      return "Hearing you through the server's speech recognition.";
    case "browser":
      return "Hearing you through this browser's speech recognition (tested).";
    case "typed":
      return `Speech can't be recognised in this browser. ${ear.reason} Type your message below; replies are still spoken.`;
  }
}

export function VoiceEarNotice({ ear }: { ear: Ear }) {
  const typed = ear.kind === "typed";
  const Icon = ear.kind === "checking" ? Loader2 : ear.kind === "server" ? Server : typed ? Keyboard : AudioLines;
  return (
    <div
      role="status"
      aria-live="polite"
      data-ear={ear.kind}
      className={
        typed
          ? "flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          : "flex items-center gap-2 text-xs text-slate-600"
      }
    >
      <Icon
        aria-hidden
        className={`mt-0.5 size-4 shrink-0 ${ear.kind === "checking" ? "animate-spin motion-reduce:animate-none" : ""}`}
      />
      <p>
        {earSummary(ear)}
        {typed && ear.retrying && <span className="block text-amber-800">Trying the recogniser again…</span>}
      </p>
    </div>
  );
}

/** The realtime engine hears and answers in one model (decision 141): said instead of the ear. */
export function RealtimeNotice() {
  return (
    <div
      role="status"
      aria-live="polite"
      data-ear="realtime"
      className="flex items-center gap-2 text-xs text-slate-600"
    >
      <Zap aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>Realtime voice: the model hears you and answers as you talk, through the server.</p>
    </div>
  );
}
