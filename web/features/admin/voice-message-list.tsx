/**
 * A voice conversation's messages as an admin reads them: each with its own audio to play
 * inline, replies the user spoke over marked as such (their text is what was actually said),
 * and under each reply the server's stages of its turn.
 */
import { MessageSquare } from "lucide-react";
import type { AdminAudioClip, AdminVoiceMessage } from "../../../contracts/admin";
import type { VoiceTurnStages } from "../../../contracts/voice";
import { Badge } from "../../components/ui/badge";
import { formatDateTime, languageName } from "../../lib/admin-format";
import { cn } from "../../lib/class-names";
import { EmptyState } from "./admin-states";

const STATUS_LABEL: Record<string, string> = { partial: "Cut off", failed: "Failed", blocked: "Blocked" };

/** 840 ms, 1.2 s, 12 s: short enough to sit three to a line on a phone. */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
}

/** A clip's length as m:ss.t, the way a player shows it. */
function clipLength(ms: number): string {
  const tenths = Math.round(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = ((tenths % 600) / 10).toFixed(1).padStart(4, "0");
  return `${minutes}:${seconds}`;
}

function MessageAudio({ clip, label, onDark }: { clip: AdminAudioClip; label: string; onDark: boolean }) {
  return (
    <div className="mt-2 flex items-center gap-2">
      <audio controls preload="none" src={clip.url} className="h-9 w-full min-w-0" aria-label={label} />
      {clip.durationMs !== null && (
        <span className={cn("shrink-0 text-xs tabular-nums", onDark ? "text-white/80" : "text-slate-500")}>
          {clipLength(clip.durationMs)}
        </span>
      )}
    </div>
  );
}

const STAGES: [keyof VoiceTurnStages, string][] = [
  ["transcriptMs", "Transcript"],
  ["firstTokenMs", "First token"],
  ["firstAudioMs", "First audio"],
];

function TurnStages({ stages }: { stages: VoiceTurnStages }) {
  return (
    <dl
      className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 px-1 text-xs text-slate-500"
      aria-label="Turn stages, from the request's arrival"
    >
      {STAGES.map(([key, name]) => (
        <div key={key} className="flex gap-1">
          <dt>{name}</dt>
          <dd className="tabular-nums text-slate-700">{stages[key] === null ? "—" : formatMs(stages[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

export function VoiceMessageList({ messages, agentName }: { messages: AdminVoiceMessage[]; agentName: string }) {
  if (messages.length === 0) return <EmptyState icon={MessageSquare} title="No messages yet" />;
  return (
    <ol className="space-y-3" aria-label="Messages">
      {messages.map((m) => {
        const mine = m.role === "user";
        const speaker = mine ? "User" : agentName;
        const language = languageName(m.language);
        return (
          <li key={m.id} className={cn("flex flex-col", mine ? "items-end" : "items-start")}>
            <div
              className={cn(
                "w-full max-w-[85%] rounded-2xl px-4 py-2.5 sm:max-w-[75%]",
                mine ? "bg-primary text-white" : "bg-slate-100 text-slate-900",
              )}
            >
              <div
                className={cn(
                  "mb-1 flex flex-wrap items-center gap-2 text-xs",
                  mine ? "text-white/80" : "text-slate-600",
                )}
              >
                <span className="font-medium">{speaker}</span>
                <time dateTime={m.timestamp}>{formatDateTime(m.timestamp)}</time>
                {language && (
                  <Badge
                    variant="outline"
                    className={cn("px-2 py-0", mine && "border-surface/50 text-white")}
                    title={m.language ?? undefined}
                  >
                    {language}
                  </Badge>
                )}
                {m.interrupted && (
                  <Badge variant="warning" className="px-2 py-0" title="The user spoke over this reply">
                    Interrupted
                  </Badge>
                )}
                {!m.interrupted && STATUS_LABEL[m.status] && (
                  <Badge variant="destructive" className="px-2 py-0">
                    {STATUS_LABEL[m.status]}
                  </Badge>
                )}
              </div>
              {m.content ? (
                <p className="whitespace-pre-wrap break-words text-sm">{m.content}</p>
              ) : (
                <p className="text-sm italic text-slate-500">
                  {m.interrupted ? "Interrupted before a word was heard." : "(empty)"}
                </p>
              )}
              {m.interrupted && m.audio.length > 0 && (
                <p className="mt-2 text-xs text-slate-500">
                  The audio is the reply as it was made; the user heard the text above.
                </p>
              )}
              {m.audio.map((clip, i) => (
                <MessageAudio
                  key={clip.id}
                  clip={clip}
                  onDark={mine}
                  label={`${speaker}'s audio${m.audio.length > 1 ? ` ${i + 1}` : ""}, ${formatDateTime(m.timestamp)}`}
                />
              ))}
            </div>
            {m.stages && <TurnStages stages={m.stages} />}
          </li>
        );
      })}
    </ol>
  );
}
