/** Interaction counts and capability toggles: chat, call, email, text, and the four social networks. */
import { Mail, MessageCircle, MessageSquare, Phone, Share2 } from "lucide-react";
import type { Agent, AgentPatch } from "../../../contracts/agents";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/class-names";

const SOCIAL_NETWORKS = ["LinkedIn", "X (Twitter)", "Facebook", "Instagram"];

type CapabilityKey = "supportsCall" | "supportsEmail" | "supportsText" | "supportsSocial";

export function InteractionCards({
  agent,
  onToggle,
  busy,
}: {
  agent: Agent;
  onToggle: (patch: AgentPatch) => void;
  busy: boolean;
}) {
  const cards: { label: string; count: number; icon: typeof Phone; capability?: CapabilityKey }[] = [
    { label: "Chats", count: agent.chatsSent, icon: MessageSquare },
    { label: "Calls", count: agent.callsSent, icon: Phone, capability: "supportsCall" },
    { label: "Emails", count: agent.emailsSent, icon: Mail, capability: "supportsEmail" },
    { label: "Texts", count: agent.textsSent, icon: MessageCircle, capability: "supportsText" },
  ];
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(({ label, count, icon: Icon, capability }) => {
          const enabled = capability ? agent[capability] !== false : true;
          return (
            <Card key={label} className="p-4">
              <div className="flex items-center justify-between">
                <Icon className="size-5 text-primary-ink" aria-hidden />
                {capability && (
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
                    <span className="sr-only"> {label} capability</span>
                  </button>
                )}
              </div>
              {/* One sentence, "12 Chats": a figure and its label, not a heading and a paragraph. */}
              <p className="mt-3">
                <span className="block text-2xl font-bold">{count}</span>
                <span className="block text-xs text-slate-500">{label}</span>
              </p>
            </Card>
          );
        })}
      </div>
      <Card className="p-4">
        <div className="flex items-center justify-between">
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <Share2 className="size-4 text-primary-ink" aria-hidden /> Social ({agent.socialPosts} posts)
          </h3>
          <button
            type="button"
            aria-pressed={agent.supportsSocial !== false}
            disabled={busy}
            onClick={() => onToggle({ supportsSocial: !(agent.supportsSocial !== false) })}
            className={cn(
              "rounded-full px-2 py-0.5 text-xs font-medium",
              agent.supportsSocial !== false ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-600",
            )}
          >
            {agent.supportsSocial !== false ? "On" : "Off"}
            <span className="sr-only"> social capability</span>
          </button>
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          {SOCIAL_NETWORKS.map((network) => (
            <span
              key={network}
              className={cn(
                "rounded-md border px-3 py-1.5 text-xs",
                agent.supportsSocial !== false
                  ? "border-primary/30 text-primary-ink"
                  : "border-slate-200 text-slate-500 line-through",
              )}
            >
              {network}
            </span>
          ))}
        </div>
      </Card>
    </div>
  );
}
