/** Three bouncing dots while the agent has not started replying. */
export function TypingIndicator({ agentName }: { agentName: string }) {
  return (
    <div className="flex justify-start" role="status" aria-label={`${agentName} is typing`}>
      <div className="flex items-center gap-1 rounded-2xl rounded-bl-sm border border-slate-200 bg-surface px-4 py-3 shadow-sm">
        <span className="typing-dot size-2 rounded-full bg-slate-400" />
        <span className="typing-dot size-2 rounded-full bg-slate-400" />
        <span className="typing-dot size-2 rounded-full bg-slate-400" />
      </div>
    </div>
  );
}
