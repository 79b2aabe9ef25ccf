/** Agents made from a template show that template's icon; custom agents the default. */
const ICON_BY_TYPE: Record<string, string> = {
  sales: "user-tie",
  "customer-support": "headset",
  receptionist: "smile",
  scheduler: "calendar",
  marketing: "bullhorn",
  "data-analyst": "chart-bar",
  hr: "users",
  operations: "cog",
  "project-coordinator": "tasks",
};

export function iconForAgentType(type: string): string {
  return ICON_BY_TYPE[type] ?? "default";
}
