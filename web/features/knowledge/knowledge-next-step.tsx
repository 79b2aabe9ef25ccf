/**
 * The create forms' optional knowledge step, told rather than asked: files go to an agent
 * that exists, so the form says where to add them once it does (the agent's page).
 */
import { BookOpen } from "lucide-react";
import { ACCEPTED_KINDS_TEXT } from "./knowledge-format";

export function KnowledgeNextStep() {
  return (
    <aside
      aria-label="Add knowledge (optional)"
      className="mt-4 flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600"
    >
      <BookOpen className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
      <p>
        <span className="font-medium text-slate-800">Add knowledge (optional).</span> Once the agent is created, open it
        from your agents list and add files it should answer from — {ACCEPTED_KINDS_TEXT}, or pasted text. Its replies
        then cite the passage they used.
      </p>
    </aside>
  );
}
