/**
 * The agent's page: what it has done (chats, calls) and its capability switches. Email, text
 * and social have no channel yet, so they show no counts and no network "buttons": one card
 * says what the switches do today (the persona drafts, never sends) — issue 23's honesty rule.
 * Social links appear only when publishing brings real accounts (decision 130).
 */
import { Mail, MessageCircle, MessageSquare, Phone, Share2 } from "lucide-react";
import type { Agent, AgentPatch } from "../../../contracts/agents";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/class-names";
import { WRITTEN_CHANNEL_NOTE } from "./persona-fields";

type CapabilityKey = "supportsCall" | "supportsEmail" | "supportsText" | "supportsSocial";

interface Props {
  agent: Agent;
  onToggle: (patch: AgentPatch) => void;
  busy: boolean;
}

export function InteractionCards({ agent, onToggle, busy }: Props) {
  const toggle = (capability: CapabilityKey, label: string) => (
    <CapabilityToggle agent={agent} capability={capability} label={label} busy={busy} onToggle={onToggle} />
  );
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <Card className="p-4">
          <MessageSquare className="size-5 text-primary-ink" aria-hidden />
          <Count count={agent.chatsSent} label="Chats" />
        </Card>
        <Card className="p-4">
          <div className="flex items-center justify-between">
            <Phone className="size-5 text-primary-ink" aria-hidden />
            {toggle("supportsCall", "Calls")}
          </div>
          <Count count={agent.callsSent} label="Calls" />
        </Card>
      </div>
      <Card className="p-4">
        <h3 className="text-sm font-semibold">Email, text and social</h3>
        <p id="written-channels-note" className="mt-1 text-xs text-slate-600">
          {WRITTEN_CHANNEL_NOTE}
        </p>
        <ul className="mt-3 grid gap-2 sm:grid-cols-3" aria-describedby="written-channels-note">
          {(
            [
              ["supportsEmail", "Emails", Mail],
              ["supportsText", "Texts", MessageCircle],
              ["supportsSocial", "Social", Share2],
            ] as const
          ).map(([capability, label, Icon]) => (
            <li
              key={capability}
              className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2"
            >
              <span className="flex items-center gap-2 text-sm">
                <Icon className="size-4 text-primary-ink" aria-hidden /> {label}
              </span>
              {toggle(capability, label)}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

/** "12 Chats" as one sentence: a figure and its label, not a heading and a paragraph. */
function Count({ count, label }: { count: number; label: string }) {
  return (
    <p className="mt-3">
      <span className="block text-2xl font-bold">{count}</span>
      <span className="block text-xs text-slate-500">{label}</span>
    </p>
  );
}

function CapabilityToggle({
  agent,
  capability,
  label,
  busy,
  onToggle,
}: Props & { capability: CapabilityKey; label: string }) {
  const enabled = agent[capability] !== false;
  return (
    <button
      type="button"
      aria-pressed={enabled}
      disabled={busy}
      onClick={() => onToggle({ [capability]: !enabled })}
      className={cn(
        "rounded-full px-2 py-0.5 text-xs font-medium",
        enabled ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-600",
      )}
    >
      {enabled ? "On" : "Off"}
      <span className="sr-only"> {label.toLowerCase()} capability</span>
    </button>
  );
}
