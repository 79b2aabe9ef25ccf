/** The live transcript of a call: the user's turns and the agent's reply as it streams in. */
import { useEffect, useRef } from "react";
import { cn } from "../../lib/class-names";
import type { TranscriptLine } from "./call-state";

export function VoiceTranscript({ lines, agentName }: { lines: TranscriptLine[]; agentName: string }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: "nearest" });
  }, [lines]);

  if (lines.length === 0) {
    return <p className="py-6 text-center text-sm text-slate-500">The conversation will appear here.</p>;
  }
  return (
    <div
      role="log"
      aria-label="Conversation transcript"
      // Scrollable, so it must be reachable with the keyboard.
      tabIndex={0}
      className="max-h-56 space-y-2 overflow-y-auto rounded-lg bg-slate-50 p-3 sm:max-h-64"
    >
      {lines.map((line) => (
        <div key={line.id} className={cn("flex", line.role === "user" ? "justify-end" : "justify-start")}>
          <div
            data-role={line.role}
            data-aside={line.aside ? "" : undefined}
            className={cn(
              "max-w-[85%] rounded-2xl px-3 py-2 text-sm",
              line.role === "user"
                ? "rounded-br-sm bg-primary text-white"
                : line.aside
                  ? // Said by the app around a tool call, not the agent's answer: quieter, and never stored.
                    "rounded-bl-sm px-1 py-0.5 italic text-slate-600"
                  : "rounded-bl-sm border border-slate-200 bg-surface text-slate-900",
            )}
          >
            {line.author ? (
              <span className="mb-0.5 block text-xs font-semibold text-emerald-700">
                {line.author}
                <span className="sr-only">: </span>
              </span>
            ) : (
              <span className="sr-only">{line.role === "user" ? "You: " : `${agentName}: `}</span>
            )}
            {line.text || "…"}
            {line.interrupted && <span className="ml-1 text-xs italic text-slate-500">(interrupted)</span>}
            {line.latencyMs !== undefined && (
              <span className="mt-1 block text-xs text-slate-500" data-latency-ms={line.latencyMs}>
                answered in {(line.latencyMs / 1000).toFixed(1)} s
              </span>
            )}
          </div>
        </div>
      ))}
      <div ref={end} />
    </div>
  );
}
