/** Accounts and servers every journey shares. The e2e server creates the owner on start. */
export const OWNER = { email: "owner@agentdesk.test", password: "owner-password", fullName: "Olivia Owner" };

/** The app with no language model configured (offline responder). */
export const OFFLINE_APP = "http://127.0.0.1:5100";
/** The app wired to the local fake OpenAI-compatible server. */
export const MODEL_APP = "http://127.0.0.1:5101";
export const FAKE_PROVIDER_PORT = 5199;

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}
