/** Template icon names (spec section 3) mapped to drawings; anything else gets the default agent icon. */
import {
  BarChart3,
  Bot,
  BriefcaseBusiness,
  CalendarDays,
  Headset,
  ListChecks,
  Megaphone,
  Settings,
  Smile,
  Users,
  type LucideIcon,
} from "lucide-react";

const ICONS: Record<string, LucideIcon> = {
  "user-tie": BriefcaseBusiness,
  headset: Headset,
  smile: Smile,
  tasks: ListChecks,
  bullhorn: Megaphone,
  calendar: CalendarDays,
  "chart-bar": BarChart3,
  users: Users,
  cog: Settings,
};

export function TemplateIcon({ icon, className }: { icon: string; className?: string }) {
  const Icon = ICONS[icon] ?? Bot;
  return <Icon className={className} aria-hidden data-icon={ICONS[icon] ? icon : "default"} />;
}
