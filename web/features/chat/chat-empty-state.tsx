/** What an empty conversation shows: who the agent is, and a few prompts to start with. */
import { MessageSquare } from "lucide-react";
import type { Agent } from "../../../contracts/agents";

export function examplePrompts(agent: Agent): string[] {
  const focus = agent.speciality?.trim() || agent.role?.trim() || "my work";
  return [
    `What can you help me with?`,
    `Give me three quick wins for ${focus}.`,
    "Draft a short, friendly follow-up email to a customer.",
    "Summarise the key points I should prepare for a meeting.",
  ];
}

export function ChatEmptyState({ agent, onPick }: { agent: Agent; onPick: (prompt: string) => void }) {
  return (
    <div className="mx-auto flex h-full max-w-xl flex-col items-center justify-center gap-4 px-2 py-6 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-ink">
        <MessageSquare className="size-6" aria-hidden />
      </div>
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Start a conversation with {agent.name}</h2>
        <p className="mt-1 text-sm text-slate-500">
          {agent.role ? `${agent.role}. ` : ""}Ask anything, or try one of these:
        </p>
      </div>
      <ul className="grid w-full gap-2 sm:grid-cols-2">
        {examplePrompts(agent).map((prompt) => (
          <li key={prompt}>
            <button
              type="button"
              onClick={() => onPick(prompt)}
              className="h-full w-full rounded-lg border border-slate-200 bg-surface px-3 py-2.5 text-left text-sm text-slate-700 shadow-sm transition-colors hover:border-primary/40 hover:bg-primary-soft"
            >
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
