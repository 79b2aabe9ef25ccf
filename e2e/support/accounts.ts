/** The account every journey shares (the e2e server creates the owner on start) and fresh emails. */
export const OWNER = { email: "owner@agentdesk.test", password: "owner-password", fullName: "Olivia Owner" };

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}
