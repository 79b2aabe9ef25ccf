/**
 * The centre of the voice dialog: the big microphone button (start or continue) that, during a
 * call, becomes the state indicator — Listening, Thinking, Speaking — with a label screen
 * readers hear (aria-live) and a motion cue for everyone else.
 */
import { Loader2, Mic, Volume2 } from "lucide-react";
import { cn } from "../../lib/class-names";
import type { Phase } from "./call-state";

const LABELS: Record<Phase, string> = {
  idle: "Tap the microphone to start",
  starting: "Connecting…",
  listening: "Listening",
  thinking: "Thinking",
  speaking: "Speaking",
  paused: "Paused — tap the microphone to continue",
  ended: "Conversation ended",
};

export function statusLabel(status: Phase, userSpeaking: boolean, agentName: string, muted = false): string {
  if (muted && (status === "listening" || status === "thinking" || status === "speaking"))
    return `${LABELS[status]} — microphone muted`;
  if (status === "listening" && userSpeaking) return "Listening — you're speaking";
  if (status === "speaking") return `Speaking — ${agentName}`;
  return LABELS[status];
}

export function VoiceStatusIndicator({
  status,
  userSpeaking,
  agentName,
  muted,
  startDisabled,
  onStart,
}: {
  status: Phase;
  userSpeaking: boolean;
  agentName: string;
  muted: boolean;
  /** The dialog is still finding out how it can hear. */
  startDisabled: boolean;
  onStart: () => void;
}) {
  const canStart = status === "idle" || status === "paused" || status === "ended";
  const ring = {
    idle: "bg-primary text-white hover:bg-primary-hover",
    paused: "bg-primary text-white hover:bg-primary-hover",
    ended: "bg-slate-200 text-slate-500",
    starting: "bg-slate-100 text-slate-500",
    listening: userSpeaking
      ? "bg-emerald-500 text-white ring-8 ring-emerald-200"
      : "bg-emerald-50 text-emerald-700 ring-4 ring-emerald-200",
    thinking: "bg-amber-50 text-amber-700 ring-4 ring-amber-200",
    speaking: "bg-indigo-50 text-primary-ink ring-4 ring-indigo-200",
  }[status];
  const icon =
    status === "thinking" || status === "starting" ? (
      <Loader2 className="size-10 animate-spin" aria-hidden />
    ) : status === "speaking" ? (
      <Volume2 className="size-10" aria-hidden />
    ) : (
      <Mic className="size-10" aria-hidden />
    );
  const circle = cn(
    "relative flex size-28 items-center justify-center rounded-full transition-all duration-200 sm:size-32",
    ring,
  );

  return (
    <div className="flex flex-col items-center gap-3 py-2">
      {canStart && status !== "ended" ? (
        <button
          type="button"
          onClick={onStart}
          disabled={startDisabled}
          className={cn(circle, "shadow-lg disabled:opacity-60")}
          aria-label={status === "paused" ? "Continue voice conversation" : "Start voice conversation"}
        >
          {icon}
        </button>
      ) : (
        <div className={circle} data-testid="voice-indicator">
          {status === "listening" && (
            <span
              aria-hidden
              className="absolute inset-0 animate-ping rounded-full bg-emerald-300/30 [animation-duration:2s]"
            />
          )}
          {status === "speaking" && (
            <span aria-hidden className="absolute inset-0 animate-pulse rounded-full bg-indigo-200/40" />
          )}
          {icon}
        </div>
      )}
      <p role="status" aria-live="polite" className="min-h-5 text-center text-sm font-medium text-slate-700">
        {statusLabel(status, userSpeaking, agentName, muted)}
      </p>
    </div>
  );
}
