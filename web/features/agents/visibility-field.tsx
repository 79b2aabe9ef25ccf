/** The owner's choice of who may use an agent: only them, or everyone at their company. */
import type { AgentVisibility } from "../../../contracts/agents";
import { Switch } from "../../components/ui/switch";

export function VisibilityField({
  value,
  onChange,
  disabled,
}: {
  value: AgentVisibility;
  onChange: (visibility: AgentVisibility) => void;
  disabled?: boolean;
}) {
  return (
    <label className="flex items-start justify-between gap-3 rounded-md border border-slate-200 bg-surface px-3 py-2 text-sm">
      <span>
        <span className="block font-medium text-slate-800">Share with your company</span>
        <span className="block text-xs text-slate-500">
          Colleagues can see it and chat with it. Only you and admins can change it.
        </span>
      </span>
      <Switch
        checked={value === "company"}
        disabled={disabled}
        onCheckedChange={(shared) => onChange(shared ? "company" : "private")}
        aria-label="Share with your company"
      />
    </label>
  );
}
